import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { expectPath, institutionOf, pageHeading, RIVERSIDE_NAME } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";

const LAKESIDE_NAME = "Lakeside Rehabilitation";

// Issue 31 item 16: as Riverside's administrator, Lakeside's record showed "An error occurred /
// Try again" after about 4.4 s (two retries of a 403), and /create/organization/<Lakeside>/admin
// opened a form with no institution name. A refusal is final: one read, a clear page, focus on its
// heading, a way back.
test("Riverside's admin opening Lakeside's records gets a clear page at once, never Try again", async ({ page, browser }) => {
  // Two sign-ins, four page loads, two axe scans.
  test.setTimeout(180_000);

  // Lakeside's id, as the platform administrator finds it in the institutions list: its own
  // administrator (admin@other.test) belongs to forgot-password.spec.ts, which changes its password.
  const platformTab = await (await browser.newContext()).newPage();
  await openSignedIn(platformTab, ACCOUNTS.superAdmin);
  await platformTab.goto("/organizations");
  const lakesideHref = await platformTab.getByRole("main").getByRole("link", { name: LAKESIDE_NAME }).getAttribute("href");
  await platformTab.context().close();
  const lakeside = { id: Number(/\/organizations\/(\d+)$/.exec(lakesideHref ?? "")?.[1]) };
  expect(lakeside.id).toBeGreaterThan(0);

  const recordUrl = new RegExp(`/api/institutions/${lakeside.id}/$`);
  const problems = collectPageProblems(page, [{ method: "GET", url: recordUrl, status: 403 }]);
  const own = institutionOf(await openSignedIn(page, ACCOUNTS.admin));
  expect(own.name).toBe(RIVERSIDE_NAME);
  const reads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && recordUrl.test(request.url())) reads.push(request.url());
  });

  await test.step("/organizations/<Lakeside>: 'You don't have access to this institution', once", async () => {
    await page.goto(`/organizations/${lakeside.id}`);
    const heading = pageHeading(page);
    await expect(heading).toHaveText("You don't have access to this institution");
    await expect(heading).toBeFocused();
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await expect(page.getByText("An error occurred")).toHaveCount(0);
    // The refusal was read once: retries would have read it three times before anything showed.
    expect(reads).toHaveLength(1);
    await expectNoSeriousA11yViolations(page);
  });

  await test.step("/create/organization/<Lakeside>/admin: the same page, not a nameless form", async () => {
    await page.goto(`/create/organization/${lakeside.id}/admin`);
    await expect(pageHeading(page)).toHaveText("You don't have access to this institution");
    await expect(page.getByRole("textbox", { name: /^First name/ })).toHaveCount(0);
    expect(reads).toHaveLength(2);
    await expectNoSeriousA11yViolations(page);
  });

  await test.step("the way back leads to their own institution", async () => {
    await page.goto(`/organizations/${lakeside.id}`);
    await page.getByRole("link", { name: `Go to ${RIVERSIDE_NAME}` }).click();
    await expectPath(page, `/organizations/${own.id}`);
    await expect(pageHeading(page)).toHaveText(own.name);
  });

  expect(problems).toEqual([]);
});
