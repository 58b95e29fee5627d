import { expect, test } from "./support/fixtures.ts";
import { expectEnhancedTextContrast, expectNoSeriousA11yViolations } from "./support/axe.ts";
import { installFocusWatch, startWatchingFocus, expectFocusNeverOnBody } from "./support/focus.ts";
import { tabTo, typeInto } from "./support/keyboard.ts";
import { markOutbox, waitForCode } from "./support/outbox.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { expectPath, mainNav, pageHeading, sidebarLink, signInByEmailCode } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS, DEMO_PASSWORD, expectCodeEntry, expectDashboard, type DemoAccount } from "./support/sign-in.ts";

// Issue 9, section 6: keyboard and screen-reader users keep their place. After every navigation
// the focus is on the new page's h1 (on the code field at the code step), never on <body>.

// Enough for the lazy shell chunk and the user record on a loaded machine.
const SETTLE_MS = 15_000;
// Each flow signs in and walks several pages: on a loaded two-core machine that outlasts 30 s.
// The flows of this file need nothing from one another (each signs in and finds its own data), so
// they spread over the workers instead of queueing on one: the file is among the longest, and
// run whole it started last and ran alone at the end (playwright.config.ts, "balance").
test.describe.configure({ mode: "parallel", timeout: 120_000 });

test("sign-in by keyboard alone: the code field has the focus, then the dashboard's h1; never <body>; axe is clean at once", async ({
  page,
}) => {
  const account = ACCOUNTS.slp;
  const problems = collectPageProblems(page);
  await installFocusWatch(page);
  const mark = await markOutbox(page.request, account.email);
  await page.goto("/auth/sign-in");
  // The first load moves no focus: the page is read from its top (docs/ui.md, "Focus").
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.locator("body")).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await typeInto(page, page.getByRole("textbox", { name: "Email" }), account.email);
  await typeInto(page, page.getByLabel("Password", { exact: true }), DEMO_PASSWORD);
  // The button itself has the focus while it is pending: React Aria then announces it by its id.
  await tabTo(page, page.getByRole("button", { name: "Sign in" }));
  await startWatchingFocus(page);
  await page.keyboard.press("Enter");

  await expectCodeEntry(page, "email");
  const codeField = page.getByRole("textbox", { name: "Verification code" });
  await expect(codeField).toBeFocused({ timeout: SETTLE_MS });
  await expectFocusNeverOnBody(page);

  // No Tab to reach the field: the code goes straight into it. Then Verify, pressed on the button.
  const code = await waitForCode(page.request, mark);
  await page.keyboard.type(code);
  await expect(codeField).toHaveValue(code);
  await tabTo(page, page.getByRole("button", { name: "Verify" }));
  await startWatchingFocus(page);
  await page.keyboard.press("Enter");

  await expectPath(page, "/dashboard");
  const heading = pageHeading(page);
  await expect(heading).toHaveText("Dashboard", { timeout: SETTLE_MS });
  await expect(heading).toBeFocused({ timeout: SETTLE_MS });
  // The patients have arrived, so the page is complete, and the focus has stayed on the heading.
  await expect(page.getByRole("table", { name: "Your patients" })).toBeVisible({ timeout: SETTLE_MS });
  await expect(heading).toBeFocused();
  await expectFocusNeverOnBody(page);
  await expectDashboard(page, account);
  // Right after sign-in: nothing the sign-in pages announced is left dangling in the page.
  await expectNoSeriousA11yViolations(page);
  // The current sidebar entry and every text on the dashboard reach 7:1.
  await expectEnhancedTextContrast(page);

  expect(problems).toEqual([]);
});

test("a sidebar link by keyboard lands the focus on the new page's h1", async ({ page }) => {
  const account = ACCOUNTS.slp;
  const problems = collectPageProblems(page);
  await installFocusWatch(page);
  await signInByEmailCode(page, account);
  await expect(pageHeading(page)).toBeFocused({ timeout: SETTLE_MS });

  for (const [name, path] of [
    ["Patients", "/patients"],
    ["Exercises", "/exercises"],
    ["Dashboard", "/dashboard"],
  ] as const) {
    await tabTo(page, sidebarLink(page, name), { backwards: true, max: 40 });
    await startWatchingFocus(page);
    await page.keyboard.press("Enter");
    await expectPath(page, path);
    await expect(pageHeading(page)).toHaveText(name);
    await expect(pageHeading(page)).toBeFocused({ timeout: SETTLE_MS });
    await expectFocusNeverOnBody(page);
  }

  // Settings sits in the sidebar's footer; its page has its own tabs.
  await tabTo(page, mainNav(page).getByRole("link", { name: "Settings", exact: true }), { backwards: true, max: 40 });
  await startWatchingFocus(page);
  await page.keyboard.press("Enter");
  await expectPath(page, "/settings/profile");
  await expect(pageHeading(page)).toBeFocused({ timeout: SETTLE_MS });
  await expectFocusNeverOnBody(page);
  await expectNoSeriousA11yViolations(page);
  // The selected settings tab is primary-coloured text: 7:1 like all text.
  await expectEnhancedTextContrast(page);

  expect(problems).toEqual([]);
});

test("paging the patient table by keyboard keeps the focus on the pager and announces the page", async ({ page }) => {
  const account = ACCOUNTS.slp;
  const problems = collectPageProblems(page);
  await installFocusWatch(page);
  await openSignedIn(page, account);

  const pager = page.getByRole("navigation", { name: "Patient pages" });
  const next = pager.getByRole("button", { name: "Next" });
  const previous = pager.getByRole("button", { name: "Previous" });
  const pageStatus = pager.getByText(/^Page \d+ of \d+$/);
  await expect(pageStatus).toHaveText(/^Page 1 of (\d+)$/, { timeout: SETTLE_MS });
  const total = Number((await pageStatus.textContent())?.match(/of (\d+)/)?.[1]);
  expect(total, "the demo SLP has more than two pages of patients").toBeGreaterThanOrEqual(3);

  const focusedPagerButton = pager.locator("button:focus");
  await tabTo(page, next, { max: 60 });
  await startWatchingFocus(page);
  for (let shown = 2; shown <= total; shown += 1) {
    await page.keyboard.press("Enter");
    await expect(pageStatus).toHaveText(`Page ${shown} of ${total}`, { timeout: SETTLE_MS });
    await expect(focusedPagerButton).toHaveCount(1);
  }
  // On the last page Next has nothing left to show: the focus is on Previous, not on <body>.
  await expect(previous).toBeFocused({ timeout: SETTLE_MS });
  for (let shown = total - 1; shown >= 1; shown -= 1) {
    await page.keyboard.press("Enter");
    await expect(pageStatus).toHaveText(`Page ${shown} of ${total}`, { timeout: SETTLE_MS });
    await expect(focusedPagerButton).toHaveCount(1);
  }
  await expect(next).toBeFocused({ timeout: SETTLE_MS });
  await expectFocusNeverOnBody(page);
  await expectNoSeriousA11yViolations(page);

  expect(problems).toEqual([]);
});

// Every role's dashboard, scanned the moment its heading has the focus after the code: the spot
// where React Aria's announcer used to hold a node labelled by a button that no longer existed.
const ROLE_ACCOUNTS: readonly (readonly [string, DemoAccount])[] = [
  ["platform administrator", ACCOUNTS.superAdmin],
  ["institution administrator", ACCOUNTS.admin],
  ["staff administrator", ACCOUNTS.staffAdmin],
];

for (const [role, account] of ROLE_ACCOUNTS) {
  test(`the ${role}'s dashboard right after sign-in has the focus on its h1 and no serious axe violation`, async ({ page }) => {
    const problems = collectPageProblems(page);
    await signInByEmailCode(page, account);
    await expect(pageHeading(page)).toBeFocused({ timeout: SETTLE_MS });
    await expectNoSeriousA11yViolations(page);
    expect(problems).toEqual([]);
  });
}

test("the patient table shows every e-mail address whole", async ({ page }) => {
  await openSignedIn(page, ACCOUNTS.slp);
  const table = page.getByRole("table", { name: "Your patients" });
  await expect(table).toBeVisible({ timeout: SETTLE_MS });
  const emails = await table.locator("tbody tr td:nth-of-type(1)").allTextContents();
  expect(emails.length).toBeGreaterThan(0);
  for (const email of emails) expect(email).toMatch(/^[^\s@…]+@[^\s@…]+\.[a-z]{2,}$/);
});
