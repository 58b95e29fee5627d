import { fc, test } from "@fast-check/vitest";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../../domain/shared/error-catalogue.ts";
import type { InstitutionId, UserId } from "../../../domain/shared/ids.ts";
import { authSessions } from "../../db/schema/auth-sessions.ts";
import type { Principal } from "../../http/principal.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import { createAccount, signIn } from "../../auth/auth.test-helper.ts";
import { ME } from "./account.test-helper.ts";
import { fuzzRuns } from "../../../domain/shared/testing/fuzz-budget.test-helper.ts";

let t: TestApp;
let principal: Principal | undefined;

// The clock moves a minute per run to clear per-IP limits, far past an access token's life, so a
// stand-in authenticator keeps presenting the one real session this suite signed in with.
beforeAll(async () => {
  t = await createTestApp("pglite", { authenticator: async () => principal });
  const account = await createAccount(t, { email: "account-fuzz@clinic.test" });
  await signIn(t, account);
  const [session] = await t.database.db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(eq(authSessions.userId, account.id))
    .orderBy(desc(authSessions.createdAt))
    .limit(1);
  if (session === undefined) throw new Error("no session");
  principal = { userId: account.id as UserId, role: "staff", institutionId: account.institutionId as InstitutionId | null, sessionId: session.id };
});
afterAll(() => t.close());

const method = fc.oneof(fc.constantFrom("email", "sms", "app", "", "EMAIL"), fc.jsonValue());
const likely = fc.record(
  {
    first_name: fc.oneof(fc.string(), fc.jsonValue()),
    last_name: fc.oneof(fc.string(), fc.jsonValue()),
    phone: fc.oneof(fc.constantFrom("+16175550100", "", "+", "call me", null), fc.string(), fc.jsonValue()),
    mfa_option: method,
    confirm_option: method,
    otp_code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.string(), fc.jsonValue()),
    old_password: fc.oneof(fc.string(), fc.jsonValue()),
    new_password: fc.oneof(fc.string(), fc.jsonValue()),
    new_password_confirmation: fc.oneof(fc.string(), fc.jsonValue()),
  },
  { requiredKeys: [] },
);

const routes = [
  ["PATCH", "/"],
  ["POST", "/change_password/"],
  ["POST", "/mfa/send_code/"],
  ["POST", "/mfa/"],
  ["POST", "/mfa/re_send/"],
  ["POST", "/mfa/confirm/"],
  ["PUT", "/mfa/default/"],
  ["POST", "/mfa/remove/"],
] as const;

describe("fuzzing the account-settings bodies", () => {
  it("reaches the handlers with the stand-in session (so the runs below test the decoders, not a 401)", async () => {
    const response = await t.app.inject({ method: "PATCH", url: `${ME}/`, headers: { ...API_KEY_HEADER, authorization: "Bearer stand-in" }, payload: {} });
    expect(response.statusCode).toBe(200);
  });

  test.prop([fc.constantFrom(...routes), fc.oneof(likely, fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()))], { numRuns: fuzzRuns(80) })(
    "random bodies never cause a 500 and always answer a catalogue code",
    async ([verb, path], body) => {
      t.clock.advance(61_000);
      const response = await t.app.inject({
        method: verb,
        url: `${ME}${path}`,
        headers: { ...API_KEY_HEADER, authorization: "Bearer stand-in", "content-type": "application/json" },
        payload: JSON.stringify(body) ?? "null",
      });
      expect(response.statusCode).toBeLessThan(500);
      if (response.statusCode >= 400) expect(ERROR_CODES).toContain((response.json() as { code: string }).code);
    },
  );
});
