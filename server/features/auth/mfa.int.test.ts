import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TotpQrResponse, VerifyOtpResponse } from "../../../domain/shared/wire/auth.ts";
import { decodeStrict } from "../../../domain/shared/wire/decode.ts";
import { mfaEnrolments } from "../../db/schema/credentials.ts";
import { administrators, staff, users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import {
  AUTH,
  auditFor,
  createAccount,
  me,
  newestCode,
  newestMessage,
  pastIpWindows,
  postPreAuth,
  preAuthToken,
  resend,
  totpAt,
  verify,
  withToken,
} from "../../auth/auth.test-helper.ts";

const MINUTE = 60_000;
const STEP = 30_000;

const createMfa = (t: TestApp, token: string, payload: object) => postPreAuth(t, token, "totp/create_mfa/", payload);
const qr = (t: TestApp, token: string) => t.app.inject({ url: `${AUTH}/totp/qr/`, headers: withToken(token) });

describe.each(TEST_DRIVERS)("second factor: e-mail and SMS codes (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it("sends a six-digit code that signs in once, answering the tokens and the user", async () => {
    const account = await createAccount(t, { email: "code@clinic.test" });
    const token = await preAuthToken(t, account);
    expect((await resend(t, token, "email")).statusCode).toBe(204);
    const message = await newestMessage(t, account.email);
    expect(message?.subject).toBe("Your sign-in code");
    const code = await newestCode(t, account.email);
    const response = await verify(t, token, "email", code);
    expect(response.statusCode).toBe(200);
    expect(decodeStrict(VerifyOtpResponse)(response.json()).ok).toBe(true);
    expect(response.json()).toMatchObject({ user: { id: account.id, default_mfa_method: "email", mfa_methods: ["email"] } });
    // The pre-authentication token is spent: the session is now a full one.
    expect((await verify(t, token, "email", code)).statusCode).toBe(401);
  });

  it("refuses a code after 10 minutes", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "late@clinic.test" });
    const token = await preAuthToken(t, account);
    await resend(t, token, "email");
    const code = await newestCode(t, account.email);
    t.clock.advance(10 * MINUTE);
    const response = await verify(t, token, "email", code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "ERROR_019", detail: { field: "otp_code" } });
  });

  it("accepts a code just before 10 minutes", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "intime@clinic.test" });
    const token = await preAuthToken(t, account);
    await resend(t, token, "email");
    t.clock.advance(10 * MINUTE - 1000);
    expect((await verify(t, token, "email", await newestCode(t, account.email))).statusCode).toBe(200);
  });

  it("binds a code to the sign-in that asked for it", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "bound@clinic.test" });
    const first = await preAuthToken(t, account);
    const second = await preAuthToken(t, account);
    await resend(t, first, "email");
    const code = await newestCode(t, account.email);
    expect((await verify(t, second, "email", code)).json()).toMatchObject({ code: "ERROR_019" });
    expect((await verify(t, first, "email", code)).statusCode).toBe(200);
  });

  it("lets only the newest code count, and makes re_send wait 30 seconds", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "resend@clinic.test" });
    const token = await preAuthToken(t, account);
    expect((await resend(t, token, "email")).statusCode).toBe(204);
    const old = await newestCode(t, account.email);
    const early = await resend(t, token, "email");
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: "ERROR_012" });
    expect(Number(early.headers["retry-after"])).toBe(30);
    t.clock.advance(29_000);
    expect((await resend(t, token, "email")).statusCode).toBe(429);
    t.clock.advance(1000);
    expect((await resend(t, token, "email")).statusCode).toBe(204);
    const fresh = await newestCode(t, account.email);
    if (fresh !== old) expect((await verify(t, token, "email", old)).statusCode).toBe(400);
    expect((await verify(t, token, "email", fresh)).statusCode).toBe(200);
  });

  it("answers ERROR_017 for a method that is not set up, ERROR_009 for re_send of the app, ERROR_016 without a method", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "nosms@clinic.test" });
    const token = await preAuthToken(t, account);
    expect((await resend(t, token, "sms")).json()).toMatchObject({ code: "ERROR_017" });
    expect((await resend(t, token, "app")).json()).toMatchObject({ code: "ERROR_009" });
    expect((await resend(t, token, "fax")).json()).toMatchObject({ code: "ERROR_009" });
    expect((await postPreAuth(t, token, "totp/re_send/", {})).json()).toMatchObject({ code: "ERROR_016" });
    expect((await verify(t, token, "app", "123456")).json()).toMatchObject({ code: "ERROR_017" });
    expect((await postPreAuth(t, token, "totp/verify/", { mfa_option: "email" })).json()).toMatchObject({ code: "ERROR_018" });
    expect((await verify(t, token, "email", "12a456")).json()).toMatchObject({ code: "ERROR_019" });
  });

  it("ends a sign-in after 5 wrong codes (429), and the token is refused afterwards", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "guesser@clinic.test" });
    const token = await preAuthToken(t, account);
    await resend(t, token, "email");
    const right = await newestCode(t, account.email);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i += 1) expect((await verify(t, token, "email", wrong)).statusCode).toBe(400);
    const fifth = await verify(t, token, "email", wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: "ERROR_012" });
    expect((await verify(t, token, "email", right)).statusCode).toBe(401);
    const reasons = (await auditFor(t, account.id)).map((row) => row.reason);
    expect(reasons).toContain("session_code_failures");
  });

  it("locks the account after 10 wrong codes in 15 minutes across sign-ins, even for a right code, until the lock ends", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "spread@clinic.test" });
    const first = await preAuthToken(t, account);
    for (let i = 0; i < 4; i += 1) expect((await verify(t, first, "email", "000000")).statusCode).toBe(400);
    const second = await preAuthToken(t, account);
    for (let i = 0; i < 4; i += 1) expect((await verify(t, second, "email", "000000")).statusCode).toBe(400);
    const third = await preAuthToken(t, account);
    expect((await verify(t, third, "email", "000000")).statusCode).toBe(400);
    expect((await verify(t, third, "email", "000000")).statusCode).toBe(429);
    // Locked: neither the password nor a right code gets through.
    expect((await preAuthToken(t, account).catch(() => "refused"))).toBe("refused");
    t.clock.advance(15 * MINUTE);
    const fourth = await preAuthToken(t, account);
    await resend(t, fourth, "email");
    expect((await verify(t, fourth, "email", await newestCode(t, account.email))).statusCode).toBe(200);
    expect((await auditFor(t, account.id)).some((row) => row.action === "auth.lockout" && row.reason === "code_failures")).toBe(true);
  });

  it("refuses the second factor while a password change is due (403 ERROR_011)", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "mustchange@clinic.test", changePassword: true });
    const token = await preAuthToken(t, account);
    await resend(t, token, "email");
    const response = await verify(t, token, "email", await newestCode(t, account.email));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "ERROR_011" });
  });
});

describe.each(TEST_DRIVERS)("setting up a second factor (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it("sets up e-mail on a first sign-in: the first code is sent at once, the method becomes the default, the account active", async () => {
    const account = await createAccount(t, { email: "first@clinic.test", emailMfa: false, status: "pending" });
    const token = await preAuthToken(t, account);
    expect((await createMfa(t, token, { mfa_option: "email" })).statusCode).toBe(204);
    const response = await verify(t, token, "email", await newestCode(t, account.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { default_mfa_method: "email", mfa_methods: ["email"] } });
    const [row] = await t.database.db.select({ status: staff.status }).from(staff).where(eq(staff.userId, account.id));
    expect(row?.status).toBe("active");
    expect(await newestMessage(t, account.email)).toMatchObject({ subject: "A sign-in verification method was added" });
    const next = await preAuthToken(t, account);
    expect((await createMfa(t, next, { mfa_option: "email" })).json()).toMatchObject({ code: "ERROR_015" });
  });

  it("checks the SMS phone: ERROR_013 without one, ERROR_002 when invalid, ERROR_021 when another account has it", async () => {
    pastIpWindows(t);
    await createAccount(t, { email: "owner@clinic.test", phone: "+16175550111" });
    const account = await createAccount(t, { email: "sms@clinic.test", emailMfa: false });
    const token = await preAuthToken(t, account);
    expect((await createMfa(t, token, { mfa_option: "sms" })).json()).toMatchObject({ code: "ERROR_013", detail: { field: "phone" } });
    expect((await createMfa(t, token, { mfa_option: "sms", phone: "" })).json()).toMatchObject({ code: "ERROR_013" });
    expect((await createMfa(t, token, { mfa_option: "sms", phone: "+1 555" })).json()).toMatchObject({ code: "ERROR_002" });
    expect((await createMfa(t, token, { mfa_option: "sms", phone: "call me" })).json()).toMatchObject({ code: "ERROR_002" });
    expect((await createMfa(t, token, { mfa_option: "sms", phone: "+1 (617) 555-0111" })).json()).toMatchObject({ code: "ERROR_021" });
    expect((await createMfa(t, token, { mfa_option: "fax" })).json()).toMatchObject({ code: "ERROR_009" });
    expect((await createMfa(t, token, {})).json()).toMatchObject({ code: "ERROR_016" });
  });

  it("sets up SMS: stores the phone in E.164, sends the first code by SMS, confirms on the right code", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "texter@clinic.test", emailMfa: false, role: "institution_admin", status: "pending" });
    const token = await preAuthToken(t, account);
    expect((await createMfa(t, token, { mfa_option: "sms", phone: "(617) 555-0142" })).statusCode).toBe(204);
    const [pending] = await t.database.db.select().from(mfaEnrolments).where(eq(mfaEnrolments.userId, account.id));
    expect(pending).toMatchObject({ method: "sms", phone: "+16175550142", confirmedAt: null });
    const code = await newestCode(t, "+16175550142");
    expect((await newestMessage(t, "+16175550142"))?.body).toContain(`Your sign-in code is ${code}`);
    const response = await verify(t, token, "sms", code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { default_mfa_method: "sms", mfa_methods: ["sms"], phone: "********0142" } });
    const [user] = await t.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, account.id));
    expect(user?.phone).toBe("+16175550142");
    const [admin] = await t.database.db.select({ status: administrators.status }).from(administrators).where(eq(administrators.userId, account.id));
    expect(admin?.status).toBe("active");
    const actions = (await auditFor(t, account.id)).map((row) => `${row.action}:${row.reason ?? ""}`);
    expect(actions).toEqual(expect.arrayContaining(["auth.mfa_enrolment:sms", "auth.code_sent:sms", "auth.mfa_confirmed:sms", "auth.mfa:sms"]));
  });

  it("refuses adding another method during sign-in once one is confirmed (ERROR_015): that is Settings' step-up", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "second@clinic.test" });
    const token = await preAuthToken(t, account);
    const refused = await createMfa(t, token, { mfa_option: "sms", phone: "+16175550177" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "ERROR_015", detail: { field: "mfa_option" } });
    await resend(t, token, "email");
    const response = await verify(t, token, "email", await newestCode(t, account.email));
    expect(response.json()).toMatchObject({ user: { default_mfa_method: "email", mfa_methods: ["email"], phone: null } });
  });
});

describe.each(TEST_DRIVERS)("authenticator app (%s)", (driver) => {
  let t: TestApp;
  let secret: string;
  const account = { email: "app@clinic.test", password: "", id: 0, institutionId: null as number | null };
  beforeAll(async () => {
    t = await createTestApp(driver);
    Object.assign(account, await createAccount(t, { email: account.email, emailMfa: false }));
  });
  afterAll(() => t.close());

  it("creates a secret, shows it with its otpauth link, and confirms it with the first right code", async () => {
    const token = await preAuthToken(t, account);
    expect((await qr(t, token)).json()).toMatchObject({ code: "ERROR_017" });
    expect((await createMfa(t, token, { mfa_option: "app" })).statusCode).toBe(204);
    expect(await newestMessage(t, account.email)).toBeUndefined();
    const shown = await qr(t, token);
    expect(shown.statusCode).toBe(200);
    expect(decodeStrict(TotpQrResponse)(shown.json()).ok).toBe(true);
    const body = shown.json() as { secret: string; url: string };
    secret = body.secret;
    secret = body.secret;
    const url = new URL(body.url);
    expect(url.protocol).toBe("otpauth:");
    expect(body.url.startsWith("otpauth://totp/")).toBe(true);
    expect(decodeURIComponent(url.pathname)).toBe("/Speech Therapy Care Portal:app@clinic.test");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("issuer")).toBe("Speech Therapy Care Portal");
    expect(url.searchParams.get("algorithm")).toBe("SHA1");
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
    const response = await verify(t, token, "app", totpAt(secret, t.clock.now()));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { default_mfa_method: "app", mfa_methods: ["app"] } });
  });

  it("never shows a confirmed secret again (ERROR_015), and refuses setting it up twice", async () => {
    t.clock.advance(STEP);
    const token = await preAuthToken(t, account);
    expect((await qr(t, token)).json()).toMatchObject({ code: "ERROR_015" });
    expect((await createMfa(t, token, { mfa_option: "app" })).json()).toMatchObject({ code: "ERROR_015" });
  });

  it("accepts one step of drift either way and refuses two", async () => {
    t.clock.advance(5 * STEP);
    const now = () => t.clock.now();
    const at = (steps: number) => totpAt(secret, new Date(now().getTime() + steps * STEP));
    expect((await verify(t, await preAuthToken(t, account), "app", at(-2))).statusCode).toBe(400);
    expect((await verify(t, await preAuthToken(t, account), "app", at(2))).statusCode).toBe(400);
    expect((await verify(t, await preAuthToken(t, account), "app", at(-1))).statusCode).toBe(200);
    expect((await verify(t, await preAuthToken(t, account), "app", at(1))).statusCode).toBe(200);
  });

  it("refuses a code that was already used, and any older step", async () => {
    pastIpWindows(t);
    const code = totpAt(secret, t.clock.now());
    expect((await verify(t, await preAuthToken(t, account), "app", code)).statusCode).toBe(200);
    const reused = await verify(t, await preAuthToken(t, account), "app", code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: "ERROR_019" });
    const older = totpAt(secret, new Date(t.clock.now().getTime() - STEP));
    expect((await verify(t, await preAuthToken(t, account), "app", older)).statusCode).toBe(400);
    expect((await auditFor(t, account.id)).some((row) => row.reason === "reused_code")).toBe(true);
    // The next step works again.
    t.clock.advance(STEP);
    const next = await verify(t, await preAuthToken(t, account), "app", totpAt(secret, t.clock.now()));
    expect(next.statusCode).toBe(200);
    expect((await me(t, (next.json() as { access_token: string }).access_token)).statusCode).toBe(200);
  });
});
