import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate, tabTo, typeInto } from "./support/keyboard.ts";
import { markOutbox, waitForCode } from "./support/outbox.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { ACCOUNTS, enterCode, expectCodeEntry, expectDashboard, submitCredentials } from "./support/sign-in.ts";

// This spec owns staffadmin@demo.test: it leaves the account with SMS registered.
const account = ACCOUNTS.staffAdmin;
const TYPED_PHONE = "+1 415 555 2671";
const E164_PHONE = "+14155552671";

test("adds text messages as a second factor by keyboard and signs in with the texted code", async ({ page }) => {
  const problems = collectPageProblems(page);

  await submitCredentials(page, account.email);
  // Only e-mail is registered, so its code is sent at once; another method is one step away.
  await expectCodeEntry(page, "email");
  await expectNoSeriousA11yViolations(page);
  await activate(page, page.getByRole("button", { name: "Use another method" }));

  await expect(page).toHaveURL(/\/auth\/mfa$/);
  await expect(page.getByRole("heading", { level: 1, name: "Verify it's you" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Add a method" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /^Email \(default\)/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await activate(page, page.getByRole("button", { name: "Set up text messages" }));

  await expect(page).toHaveURL(/\/auth\/mfa\/registration\?platform=sms$/);
  await expect(page.getByRole("heading", { level: 1, name: "Set up text messages" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const mark = await markOutbox(page.request, E164_PHONE);
  await typeInto(page, page.getByRole("textbox", { name: "Mobile phone number" }), TYPED_PHONE);
  await page.keyboard.press("Enter");

  // create_mfa texts the first code to the number in E.164.
  await expectCodeEntry(page, "sms");
  await expect(page.getByText(/by text message to the phone number ending in/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const code = await waitForCode(page.request, mark);
  const sms = await page.request.get("/api/dev/outbox", { params: { to: E164_PHONE, limit: "1" } });
  expect((await sms.json()).results[0].channel).toBe("sms");

  await enterCode(page, code);
  await expectDashboard(page, account);
  // The focus is on the dashboard's h1 (docs/ui.md, "Focus"): the sidebar comes before it.
  await tabTo(page, page.getByRole("button", { name: "Sign out" }), { backwards: true });

  expect(problems).toEqual([]);
});
