import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import {
  expectBreadcrumb,
  expectCurrentEntry,
  expectPath,
  institutionOf,
  pageHeading,
  RIVERSIDE_NAME,
} from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";

// A staff member (an SLP): role "staff" holds nothing on administrators and cannot list
// institutions (domain/shared/permissions/role-permissions.ts), so these addresses are refused.
const account = ACCOUNTS.slp;

// Each address is opened by page.goto: a new page load, as when it is typed or bookmarked.
test("a staff member's typed addresses land where spec section 2 sends them", async ({ page }) => {
  // A sign-in, five page loads and seven axe scans.
  test.setTimeout(180_000);
  const problems = collectPageProblems(page);
  const own = institutionOf(await openSignedIn(page, account));
  expect(own.name).toBe(RIVERSIDE_NAME);

  await test.step("/organizations → their own institution", async () => {
    await page.goto("/organizations");
    await expectPath(page, `/organizations/${own.id}`);
    await expect(pageHeading(page)).toHaveText(own.name);
    await expectCurrentEntry(page, "Institution");
    await expectBreadcrumb(page, ["Institutions", own.name]);
    await expectNoSeriousA11yViolations(page);
  });

  await test.step("/admins/1 (no retrieve on administrators) → /dashboard", async () => {
    await page.goto("/admins/1");
    await expectPath(page, "/dashboard");
    await expect(pageHeading(page)).toHaveText("Dashboard");
    await expectCurrentEntry(page, "Dashboard");
    await expectNoSeriousA11yViolations(page);
  });

  await test.step("/create/assign (no exercise chosen) → /exercises", async () => {
    await page.goto("/create/assign");
    await expectPath(page, "/exercises");
    await expect(pageHeading(page)).toHaveText("Exercises");
    await expectCurrentEntry(page, "Exercises");
    await expectNoSeriousA11yViolations(page);
  });

  await test.step("/patient without an id → /patients", async () => {
    await page.goto("/patient");
    await expectPath(page, "/patients");
    await expect(pageHeading(page)).toHaveText("Patients");
    await expectCurrentEntry(page, "Patients");
    await expectNoSeriousA11yViolations(page);
  });

  await test.step("an unknown address → the not-found page, at that address", async () => {
    await page.goto("/nope");
    await expectPath(page, "/nope");
    await expect(pageHeading(page)).toHaveText("Page not found");
    await expect(page).toHaveTitle("Page not found – Speech therapy care portal");
    await expectNoSeriousA11yViolations(page);
  });

  expect(problems).toEqual([]);
});
