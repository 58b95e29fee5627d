import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { markOutbox, waitForCode } from "./support/outbox.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { ACCOUNTS, enterCode, expectCodeEntry, expectDashboard, submitCredentials } from "./support/sign-in.ts";

const account = ACCOUNTS.superAdmin;
const VERIFY_URL = /\/api\/authentication\/totp\/verify\/$/;

// Another six digits: never the code that was sent.
const wrongCodeFor = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

test("a wrong code is announced as invalid, and the right code then signs in", async ({ page }) => {
  // The wrong code is refused by the server on purpose: 400 ERROR_019.
  const problems = collectPageProblems(page, [{ method: "POST", url: VERIFY_URL, status: 400 }]);
  const verifyStatuses: number[] = [];
  page.on("response", (response) => {
    if (VERIFY_URL.test(response.url())) verifyStatuses.push(response.status());
  });
  const mark = await markOutbox(page.request, account.email);

  await submitCredentials(page, account.email);
  await expectCodeEntry(page, "email");
  const code = await waitForCode(page.request, mark);

  await enterCode(page, wrongCodeFor(code));
  await expect.poll(() => verifyStatuses).toEqual([400]);

  // ERROR_019 is announced (role alert). Spec section 8 cleans server messages for display
  // (lower-cased, first letter capitalised), so the server's "The OTP code is invalid" may read
  // "The otp code is invalid"; the words are what count here.
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText(/^The OTP code is invalid$/i);
  await expect(page).toHaveURL(/\/auth\/mfa\/otp\?platform=email$/);
  // The field says it is invalid and points at the message, so a screen reader reads why.
  const field = page.getByRole("textbox", { name: "Verification code" });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const alertId = await alert.getAttribute("id");
  expect(alertId).not.toBeNull();
  await expect(field).toHaveAttribute("aria-describedby", new RegExp(`(^|\\s)${alertId ?? ""}(\\s|$)`));
  await expectNoSeriousA11yViolations(page);

  // The same field takes the right code, and Enter submits it.
  await enterCode(page, code);
  await expect.poll(() => verifyStatuses, { message: "the right code must reach totp/verify after a wrong one" }).toEqual([400, 200]);
  await expectDashboard(page, account);
  expect(problems).toEqual([]);
});
