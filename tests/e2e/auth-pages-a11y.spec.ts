import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate, tabTo } from "./support/keyboard.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { ACCOUNTS, expectCodeEntry, submitCredentials } from "./support/sign-in.ts";

test("the forgot-password page passes axe and leads back to sign-in by keyboard", async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto("/auth/forgot-password");
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await expect(page).toHaveTitle("Reset your password – Speech therapy care portal");
  await expectNoSeriousA11yViolations(page);

  await activate(page, page.getByRole("link", { name: "Back to sign in" }));
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  expect(problems).toEqual([]);
});

test("the reset landing page without a token explains itself, passes axe and offers a new link", async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto("/auth/email-confirmation");
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(/This page needs the link from a password reset email/)).toBeVisible();
  // No dead form without a token.
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await activate(page, page.getByRole("link", { name: "Request a reset link" }));
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  expect(problems).toEqual([]);
});

test("the second-factor choice page passes axe", async ({ page }) => {
  const problems = collectPageProblems(page);
  // super@demo.test has e-mail only: its code is sent at once; "Use another method" opens the choice.
  await submitCredentials(page, ACCOUNTS.superAdmin.email);
  await expectCodeEntry(page, "email");
  await expectNoSeriousA11yViolations(page);
  await activate(page, page.getByRole("button", { name: "Use another method" }));

  await expect(page).toHaveURL(/\/auth\/mfa$/);
  await expect(page.getByRole("heading", { level: 1, name: "Verify it's you" })).toBeVisible();
  await expect(page.getByRole("radiogroup", { name: "Verification method" })).toBeVisible();
  await expect(page).toHaveTitle("Verify it's you – Speech therapy care portal");
  await expectNoSeriousA11yViolations(page);
  await tabTo(page, page.getByRole("radio", { name: /^Email \(default\)/ }));
  await expect(page.getByRole("radio", { name: /^Email \(default\)/ })).toBeChecked();
  expect(problems).toEqual([]);
});
