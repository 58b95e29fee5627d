import { expect, test } from "./support/fixtures.ts";
import { apiGet, captureApiHeaders } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate } from "./support/keyboard.ts";
import { markOutbox, waitForCode } from "./support/outbox.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { ACCOUNTS, enterCode, expectCodeEntry, expectDashboard, submitCredentials } from "./support/sign-in.ts";

// This spec owns staffadmin@demo.test (a confirmed e-mail factor). Issue 19: someone who knows only
// the password once added an SMS number or an app of their own during sign-in and got in with it.
const account = ACCOUNTS.staffAdmin;
const ATTACKER_PHONE = "+14155552671";

test("someone with only the password is offered no way to add a factor, the API refuses one, and the owner's code still works", async ({ page }) => {
  const problems = collectPageProblems(page);
  const signedInHeaders = captureApiHeaders(page);

  const codeMark = await markOutbox(page.request, account.email);
  const loginAnswer = page.waitForResponse((response) => response.url().includes("/api/authentication/login_web/"));
  await submitCredentials(page, account.email);
  const answer = await loginAnswer;
  const preAuthToken = ((await answer.json()) as { token: string }).token;
  const apiKey = answer.request().headers()["x-api-key"] ?? "";
  // Only e-mail is registered, so its code is sent at once.
  await expectCodeEntry(page, "email");

  // The attempt of issue 19 straight at the API, with this sign-in's own token: refused, nothing sent.
  const asPreAuth = { "x-api-key": apiKey, authorization: `Token ${preAuthToken}` };
  const phoneBefore = await markOutbox(page.request, ATTACKER_PHONE);
  const sms = await page.request.post("/api/authentication/totp/create_mfa/", { headers: asPreAuth, data: { mfa_option: "sms", phone: ATTACKER_PHONE } });
  expect(sms.status()).toBe(400);
  expect(await sms.json()).toMatchObject({ code: "ERROR_015", detail: { field: "mfa_option" } });
  const app = await page.request.post("/api/authentication/totp/create_mfa/", { headers: asPreAuth, data: { mfa_option: "app" } });
  expect(await app.json()).toMatchObject({ code: "ERROR_015" });
  const qr = await page.request.get("/api/authentication/totp/qr/", { headers: asPreAuth });
  expect(await qr.json()).toMatchObject({ code: "ERROR_015" });
  const verifyApp = await page.request.post("/api/authentication/totp/verify/", { headers: asPreAuth, data: { mfa_option: "app", otp_code: "123456" } });
  expect(await verifyApp.json()).toMatchObject({ code: "ERROR_017" });
  // Mail is written by the request that sends it: nothing went to the caller's phone.
  expect((await markOutbox(page.request, ATTACKER_PHONE)).seenIds).toEqual(phoneBefore.seenIds);

  // The owner, with the e-mailed code, goes on as before, and still has only e-mail.
  await enterCode(page, await waitForCode(page.request, codeMark));
  await expectDashboard(page, account);
  const me = await apiGet<{ mfa_methods: string[]; phone: string | null }>(page, await signedInHeaders(), "/api/users/me/");
  expect(me.mfa_methods).toEqual(["email"]);
  expect(me.phone ?? "").not.toMatch(/2671$/);

  // The screens offer no set-up to such an account either: the method page points to Settings.
  await activate(page, page.getByRole("button", { name: "Sign out" }), { backwards: true });
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await submitCredentials(page, account.email);
  await expectCodeEntry(page, "email");
  await activate(page, page.getByRole("button", { name: "Use another method" }));
  await expect(page).toHaveURL(/\/auth\/mfa$/);
  await expect(page.getByRole("heading", { level: 1, name: "Verify it's you" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /^Email \(default\)/ })).toBeChecked();
  await expect(page.getByRole("button", { name: /^Set up/ })).toHaveCount(0);
  await expect(page.getByText("After signing in, you can add another way to verify in Settings.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  expect(problems).toEqual([]);
});
