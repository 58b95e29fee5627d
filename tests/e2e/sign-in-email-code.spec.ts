import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { tabTo } from "./support/keyboard.ts";
import { markOutbox, waitForCode } from "./support/outbox.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import {
  ACCOUNTS,
  enterCode,
  expectCodeEntry,
  expectDashboard,
  SESSION_STORAGE_KEY,
  storageContents,
  submitCredentials,
} from "./support/sign-in.ts";

const account = ACCOUNTS.slp;

test("signs in by keyboard with the code e-mailed to the account and lands on the dashboard", async ({ page }) => {
  const problems = collectPageProblems(page);
  const mark = await markOutbox(page.request, account.email);

  await submitCredentials(page, account.email);

  // E-mail is the account's only (default) method: the code is sent at once, no choice shown.
  await expectCodeEntry(page, "email");
  await expect(page).toHaveTitle("Enter your verification code – Speech therapy care portal");
  await expect(page.getByText(/a 6-digit code to the email address you sign in with\.$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const code = await waitForCode(page.request, mark);
  await enterCode(page, code);

  await expectDashboard(page, account);
  await expect(page).toHaveTitle("Dashboard – Speech therapy care portal");
  await expectNoSeriousA11yViolations(page);
  // The session lives in this tab only: the refresh token in sessionStorage, nothing in localStorage.
  const storage = await storageContents(page);
  expect(storage.local).toEqual({});
  expect(Object.keys(storage.session)).toEqual([SESSION_STORAGE_KEY]);
  // The focus is on the dashboard's h1 (docs/ui.md, "Focus"): the sidebar comes before it.
  await tabTo(page, page.getByRole("button", { name: "Sign out" }), { backwards: true });

  expect(problems).toEqual([]);
});
