import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate, typeInto } from "./support/keyboard.ts";
import { markOutbox, waitForLink } from "./support/outbox.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { ACCOUNTS, signInWithEmailCode } from "./support/sign-in.ts";

// This spec owns admin@other.test: it leaves the account with a new password.
const account = ACCOUNTS.otherAdmin;
const NEW_PASSWORD = "Marigold-Tundra-Sextant-2281";

test("forgot password: the e-mailed link sets a new password, which then signs in", async ({ page, baseURL }) => {
  const problems = collectPageProblems(page);

  await page.goto("/auth/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await activate(page, page.getByRole("link", { name: "Forgot password?" }));

  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const mark = await markOutbox(page.request, account.email);
  await typeInto(page, page.getByRole("textbox", { name: "Email" }), account.email);
  await page.keyboard.press("Enter");
  // The same words whether or not the address has an account.
  await expect(page.getByRole("status")).toHaveText(/^If an account uses that address, we have sent it a link/);
  await expectNoSeriousA11yViolations(page);

  const link = await waitForLink(page.request, mark, "/auth/email-confirmation");
  expect(link.origin).toBe(baseURL);
  expect(link.searchParams.get("token")).toMatch(/^\S{20,}$/);
  await page.goto(link.href);

  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await typeInto(page, page.getByLabel("New password", { exact: true }), NEW_PASSWORD);
  await typeInto(page, page.getByLabel("Confirm new password"), NEW_PASSWORD);
  await page.keyboard.press("Enter");

  await expect(page.getByRole("status")).toHaveText("Your password has been changed. You can now sign in with it.");
  await expectNoSeriousA11yViolations(page);
  await activate(page, page.getByRole("link", { name: "Sign in", exact: true }));
  await expect(page).toHaveURL(/\/auth\/sign-in$/);

  await signInWithEmailCode(page, account, NEW_PASSWORD);
  expect(problems).toEqual([]);
});
