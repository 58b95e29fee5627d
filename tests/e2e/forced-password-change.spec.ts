import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate, typeInto } from "./support/keyboard.ts";
import { markOutbox, waitForCode } from "./support/outbox.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { ACCOUNTS, DEMO_PASSWORD, enterCode, expectCodeEntry, expectDashboard, submitCredentials } from "./support/sign-in.ts";

// This spec owns new.slp@demo.test (pending, password change due, no second factor yet).
const account = ACCOUNTS.newSlp;
// Long and unpredictable enough for zxcvbn score 3, which every new password needs.
const NEW_PASSWORD = "Quartz-Heron-Lantern-4719";

test("a first sign-in changes the password and sets up e-mail codes, all by keyboard", async ({ page }) => {
  const problems = collectPageProblems(page);

  await submitCredentials(page, account.email);

  await expect(page).toHaveURL(/\/auth\/change-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Change your password" })).toBeVisible();
  await expect(page).toHaveTitle("Change your password – Speech therapy care portal");
  await expectNoSeriousA11yViolations(page);

  await typeInto(page, page.getByLabel("Current password"), DEMO_PASSWORD);
  await typeInto(page, page.getByLabel("New password", { exact: true }), NEW_PASSWORD);
  await typeInto(page, page.getByLabel("Confirm new password"), NEW_PASSWORD);
  await page.keyboard.press("Enter");

  // No second factor yet: every method is offered for set-up, none can be chosen to receive a code.
  await expect(page).toHaveURL(/\/auth\/mfa$/);
  await expect(page.getByRole("heading", { level: 1, name: "Verify it's you" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Set up a method" })).toBeVisible();
  await expect(page.getByRole("radiogroup")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const mark = await markOutbox(page.request, account.email);
  await activate(page, page.getByRole("button", { name: "Set up email codes" }));

  // create_mfa e-mails the first code; the right code confirms the method and ends the sign-in.
  await expectCodeEntry(page, "email");
  await expectNoSeriousA11yViolations(page);
  await enterCode(page, await waitForCode(page.request, mark));

  await expectDashboard(page, account);
  expect(problems).toEqual([]);
});
