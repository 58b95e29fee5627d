import { fc, test } from "@fast-check/vitest";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { ERROR_CODES } from "../../../domain/shared/error-catalogue.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import { AUTH, type TestAccount, createAccount, login, withToken } from "../../auth/auth.test-helper.ts";
import { fuzzRuns } from "../../../domain/shared/testing/fuzz-budget.test-helper.ts";

let t: TestApp;
let account: TestAccount;
let token = "";
let tokenAt = 0;

beforeAll(async () => {
  t = await createTestApp("pglite");
  account = await createAccount(t, { email: "fuzz@clinic.test", changePassword: true });
});
afterAll(() => t.close());

/** A pre-authentication token younger than 10 minutes (the clock moves a minute per run to clear per-IP limits). */
const freshToken = async (): Promise<string> => {
  if (token === "" || t.clock.now().getTime() - tokenAt > 10 * 60_000) {
    const response = await login(t, account.email, account.password);
    token = response.statusCode === 200 ? (response.json() as { token: string }).token : "";
    tokenAt = t.clock.now().getTime();
  }
  return token;
};

const likely = fc.record(
  {
    mfa_option: fc.oneof(fc.constantFrom("email", "sms", "app", "", "EMAIL"), fc.jsonValue()),
    phone: fc.oneof(fc.constantFrom("+16175550100", "", "+", "call me"), fc.string(), fc.jsonValue()),
    otp_code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.string(), fc.jsonValue()),
    old_password: fc.oneof(fc.string(), fc.jsonValue()),
    new_password: fc.oneof(fc.string(), fc.jsonValue()),
    new_password_confirmation: fc.oneof(fc.string(), fc.jsonValue()),
    email: fc.oneof(fc.emailAddress(), fc.string(), fc.jsonValue()),
    token: fc.oneof(fc.string(), fc.jsonValue()),
    refresh: fc.oneof(fc.string(), fc.jsonValue()),
    refresh_token: fc.oneof(fc.string(), fc.jsonValue()),
  },
  { requiredKeys: [] },
);

const routes = ["change_pwd/", "totp/create_mfa/", "totp/re_send/", "totp/verify/", "forgot_password/", "reset_password/", "refresh/", "logout/"];

describe("fuzzing the authentication bodies", () => {
  test.prop([fc.constantFrom(...routes), fc.oneof(likely, fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()))], { numRuns: fuzzRuns(80) })(
    "random bodies never cause a 500 and always answer a catalogue code",
    async (route, body) => {
      t.clock.advance(61_000);
      const response = await t.app.inject({
        method: "POST",
        url: `${AUTH}/${route}`,
        headers: { ...withToken(await freshToken()), "content-type": "application/json" },
        payload: JSON.stringify(body) ?? "null",
      });
      expect(response.statusCode).toBeLessThan(500);
      if (response.statusCode >= 400) expect(ERROR_CODES).toContain((response.json() as { code: string }).code);
    },
  );

  test.prop([fc.string({ maxLength: 200 })], { numRuns: fuzzRuns(30) })("random Authorization headers on the sign-in steps answer 401", async (header) => {
    t.clock.advance(61_000);
    const response = await t.app.inject({
      method: "POST",
      url: `${AUTH}/totp/re_send/`,
      headers: { ...API_KEY_HEADER, authorization: header.replace(/[^\t\x20-\x7e]/g, "") },
      payload: { mfa_option: "email" },
    });
    expect(response.statusCode).toBe(401);
  });
});
