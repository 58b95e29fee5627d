import { fc } from "@fast-check/vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MfaMethod } from "../../../domain/shared/wire/mfa-method.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { mfaEnrolments } from "../../db/schema/credentials.ts";
import { users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import {
  AUTH,
  type TestAccount,
  createAccount,
  newestCode,
  postPreAuth,
  preAuthToken,
  resend,
  totpAt,
  verify,
  withToken,
} from "../../auth/auth.test-helper.ts";
import { fuzzRuns } from "../../../domain/shared/testing/fuzz-budget.test-helper.ts";

// Issue 19: with only an account's password, the pre-authentication token could set up a second
// factor of the caller's own (an app, or SMS to their phone) and verify it into a full session.
// These tests play that caller against an account whose factor is confirmed, one per method.

const HOURS = 3_600_000;
// One number per property, so a number confirmed by one property (if the rule ever broke) does not hide the next as "taken".
const ATTACKER_PHONE = "+16175550199";
const SEQUENCE_ATTACKER_PHONE: Readonly<Record<MfaMethod, string>> = { email: "+16175550191", sms: "+16175550192", app: "+16175550193" };

const createMfa = (t: TestApp, token: string, payload: object) => postPreAuth(t, token, "totp/create_mfa/", payload);
const qr = (t: TestApp, token: string) => t.app.inject({ url: `${AUTH}/totp/qr/`, headers: withToken(token) });
const granted = (response: LightMyRequestResponse): boolean => response.statusCode === 200 && response.body.includes("access_token");

type Victim = { readonly account: TestAccount; readonly secret: string | null; readonly phone: string | null };

/** An account that set up `method` itself on its first sign-in (its own phone, its own app): its app secret and phone. */
const victimWith = async (t: TestApp, method: MfaMethod, email: string, ownPhone: string): Promise<Victim> => {
  const account = await createAccount(t, { email, emailMfa: method === "email" });
  if (method === "email") return { account, secret: null, phone: null };
  const token = await preAuthToken(t, account);
  const phone = method === "sms" ? ownPhone : null;
  const created = await createMfa(t, token, phone === null ? { mfa_option: method } : { mfa_option: method, phone });
  if (created.statusCode !== 204) throw new Error(`create_mfa answered ${created.statusCode}: ${created.body}`);
  let secret: string | null = null;
  let code: string;
  if (method === "app") {
    secret = ((await qr(t, token)).json() as { secret: string }).secret;
    code = totpAt(secret, t.clock.now());
  } else {
    code = await newestCode(t, phone ?? email);
  }
  const verified = await verify(t, token, method, code);
  if (!granted(verified)) throw new Error(`the owner's own set-up failed: ${verified.body}`);
  t.clock.advance(HOURS);
  return { account, secret, phone };
};

const confirmedOf = async (t: TestApp, userId: number): Promise<string[]> =>
  (
    await t.database.db
      .select({ method: mfaEnrolments.method })
      .from(mfaEnrolments)
      .where(and(eq(mfaEnrolments.userId, userId), isNotNull(mfaEnrolments.confirmedAt)))
  )
    .map((row) => row.method)
    .sort();

const phoneOf = async (t: TestApp, userId: number): Promise<string | null> =>
  (await t.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)))[0]?.phone ?? null;

/**
 * What a password-only caller can try at each pre-authentication step, with what they can know:
 * the codes sent to their own phone, the TOTP of any secret qr shows them, or guesses.
 */
type Step =
  | { readonly kind: "create_mfa"; readonly method: MfaMethod }
  | { readonly kind: "qr" }
  | { readonly kind: "re_send"; readonly method: MfaMethod }
  | { readonly kind: "verify"; readonly method: MfaMethod; readonly code: "attacker" | "guess" };

const methodArb = fc.constantFrom<MfaMethod>("email", "sms", "app");
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("create_mfa" as const), method: methodArb }),
  fc.record({ kind: fc.constant("qr" as const) }),
  fc.record({ kind: fc.constant("re_send" as const), method: methodArb }),
  fc.record({ kind: fc.constant("verify" as const), method: methodArb, code: fc.constantFrom("attacker" as const, "guess" as const) }),
);

/** Plays one sequence with a fresh pre-authentication token; answers whether any step opened a full session. */
const play = async (t: TestApp, account: TestAccount, steps: readonly Step[], attackerPhone: string): Promise<boolean> => {
  const token = await preAuthToken(t, account);
  let shownSecret: string | null = null;
  for (const step of steps) {
    // Past the code re-send cooldown, so every step is judged by the factor rule, not by a wait.
    t.clock.advance(31_000);
    let response: LightMyRequestResponse;
    if (step.kind === "create_mfa") {
      response = await createMfa(t, token, step.method === "sms" ? { mfa_option: "sms", phone: attackerPhone } : { mfa_option: step.method });
    } else if (step.kind === "qr") {
      response = await qr(t, token);
      if (response.statusCode === 200) shownSecret = (response.json() as { secret: string }).secret;
    } else if (step.kind === "re_send") {
      response = await resend(t, token, step.method);
    } else {
      let code = "000000";
      if (step.code === "attacker" && step.method === "app" && shownSecret !== null) code = totpAt(shownSecret, t.clock.now());
      if (step.code === "attacker" && step.method === "sms") code = await newestCode(t, attackerPhone).catch(() => "000000");
      response = await verify(t, token, step.method, code);
    }
    expect(response.statusCode).toBeLessThan(500);
    if (granted(response)) return true;
  }
  return false;
};

describe.each(TEST_DRIVERS)("a caller with only the password (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it.each(["email", "sms", "app"] as const)(
    "cannot add an app or an SMS number of their own to an account with a confirmed %s factor, and is audited",
    async (method) => {
      const { account, secret, phone } = await victimWith(t, method, `direct-${method}@clinic.test`, "+16175550101");
      const token = await preAuthToken(t, account);
      for (const other of (["email", "sms", "app"] as const).filter((candidate) => candidate !== method)) {
        const created = await createMfa(t, token, other === "sms" ? { mfa_option: "sms", phone: ATTACKER_PHONE } : { mfa_option: other });
        expect(created.statusCode).toBe(400);
        expect(created.json()).toMatchObject({ code: "ERROR_015", detail: { field: "mfa_option" } });
        t.clock.advance(31_000);
        expect((await resend(t, token, other)).json()).toMatchObject({ code: other === "app" ? "ERROR_009" : "ERROR_017" });
        expect((await verify(t, token, other, "123456")).json()).toMatchObject({ code: "ERROR_017" });
      }
      expect((await qr(t, token)).json()).toMatchObject({ code: "ERROR_015" });
      // Nothing was written: the confirmed factor stands alone, the phone is the owner's, no SMS went to the caller.
      expect(await confirmedOf(t, account.id)).toEqual([method]);
      expect(await phoneOf(t, account.id)).toBe(phone);
      const enrolments = await t.database.db.select().from(mfaEnrolments).where(eq(mfaEnrolments.userId, account.id));
      expect(enrolments.map((row) => row.method)).toEqual([method]);
      await expect(newestCode(t, ATTACKER_PHONE)).rejects.toThrow();
      const denied = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.userId, account.id))).filter(
        (row) => row.outcome === "denied" && (row.reason ?? "").includes("confirmed"),
      );
      expect(denied.map((row) => row.reason)).toEqual(expect.arrayContaining(["set_up:must_pass_confirmed_factor", "show_secret:must_pass_confirmed_factor", "verify:method_not_confirmed"]));
      // The owner still signs in with their own factor: the refusals did not spend the sign-in.
      t.clock.advance(31_000);
      let code: string;
      if (method === "app") code = totpAt(secret ?? "", t.clock.now());
      else {
        expect((await resend(t, token, method)).statusCode).toBe(204);
        code = await newestCode(t, phone ?? account.email);
      }
      expect(granted(await verify(t, token, method, code))).toBe(true);
    },
  );

  it.each(["email", "sms", "app"] as const)(
    "never reaches a full session by any sequence of pre-authentication calls against a confirmed %s factor",
    async (method) => {
      const { account, phone } = await victimWith(t, method, `sequence-${method}@clinic.test`, "+16175550102");
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 7 }), async (steps) => {
          // Past every per-IP window and account lock of the previous sequence.
          t.clock.advance(2 * HOURS);
          expect(await play(t, account, steps, SEQUENCE_ATTACKER_PHONE[method])).toBe(false);
          expect(await confirmedOf(t, account.id)).toEqual([method]);
          expect(await phoneOf(t, account.id)).toBe(phone);
        }),
        { numRuns: fuzzRuns(driver === "pglite" ? 25 : 15), seed: 1900 + method.length },
      );
    },
  );

  it("still lets an account without a confirmed factor set one up on its first sign-in", async () => {
    const account = await createAccount(t, { email: "first-sign-in@clinic.test", emailMfa: false, status: "pending" });
    const token = await preAuthToken(t, account);
    expect((await createMfa(t, token, { mfa_option: "sms", phone: "+16175550133" })).statusCode).toBe(204);
    expect(granted(await verify(t, token, "sms", await newestCode(t, "+16175550133")))).toBe(true);
    expect(await confirmedOf(t, account.id)).toEqual(["sms"]);
  });
});
