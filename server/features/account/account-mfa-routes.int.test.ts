import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AddMfaAppResponse } from "../../../domain/account/account-wire.ts";
import { decodeStrict } from "../../../domain/shared/wire/decode.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { newTotpSecret } from "../../auth/totp.ts";
import { mfaEnrolments } from "../../db/schema/credentials.ts";
import { users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import { type TestAccount, auditFor, createAccount, login, me, newestMessage, pastIpWindows, signIn, totpAt } from "../../auth/auth.test-helper.ts";
import { newestVerificationCode, otherCode, postMe, putMe } from "./account.test-helper.ts";

const STEP = 30_000;

type Me = { mfa_methods: string[]; default_mfa_method: string | null; phone: string | null };

describe.each(TEST_DRIVERS)("account settings: second factors (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  /** A fresh account (confirmed e-mail factor, the default) signed in, past earlier tests' IP windows. */
  const signedInAccount = async (email: string, extra: { readonly phone?: string } = {}) => {
    pastIpWindows(t);
    const account = await createAccount(t, { email, ...extra });
    const session = await signIn(t, account);
    return { account, access: session.access };
  };

  /** Confirmed SMS and authenticator factors written straight to the database, for the rules that need several. */
  const confirmSmsAndApp = async (account: TestAccount, phone: string): Promise<string> => {
    const secret = newTotpSecret();
    await t.database.db.insert(mfaEnrolments).values([
      { userId: account.id, method: "sms", phone, confirmedAt: t.clock.now() },
      { userId: account.id, method: "app", totpSecret: secret, confirmedAt: t.clock.now() },
    ]);
    return secret;
  };

  const enrolmentsOf = async (userId: number) =>
    (await t.database.db.select({ method: mfaEnrolments.method, confirmedAt: mfaEnrolments.confirmedAt }).from(mfaEnrolments).where(eq(mfaEnrolments.userId, userId)))
      .map((row) => `${row.method}:${row.confirmedAt === null ? "pending" : "confirmed"}`)
      .sort();

  const sendCode = (access: string, method: string) => postMe(t, access, "mfa/send_code/", { mfa_option: method });
  const emailedCode = async (access: string, account: TestAccount) => {
    expect((await sendCode(access, "email")).statusCode).toBe(204);
    return newestVerificationCode(t, account.email);
  };

  describe("send_code", () => {
    it("sends a fresh code to a confirmed method, once per 30 seconds per method", async () => {
      const { account, access } = await signedInAccount("step-up@clinic.test");
      expect((await sendCode(access, "email")).statusCode).toBe(204);
      expect(await newestVerificationCode(t, account.email)).toMatch(/^[0-9]{6}$/);
      const again = await sendCode(access, "email");
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ code: "ERROR_012" });
      const wait = Number(again.headers["retry-after"]);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(30);
      t.clock.advance(STEP + 1000);
      expect((await sendCode(access, "email")).statusCode).toBe(204);
    });

    it("refuses a method that is not set up (ERROR_017), the app (nothing to send) and bad bodies", async () => {
      const { access } = await signedInAccount("step-up-refusals@clinic.test");
      expect((await sendCode(access, "sms")).json()).toMatchObject({ code: "ERROR_017", detail: { field: "mfa_option" } });
      expect((await sendCode(access, "app")).json()).toMatchObject({ code: "ERROR_009" });
      expect((await sendCode(access, "fax")).json()).toMatchObject({ code: "ERROR_009" });
      expect((await postMe(t, access, "mfa/send_code/", {})).json()).toMatchObject({ code: "ERROR_016" });
      const extra = await postMe(t, access, "mfa/send_code/", { mfa_option: "email", to: "attacker@evil.test" });
      expect(extra.statusCode).toBe(400);
      expect(extra.json()).toMatchObject({ code: "ERROR_056", detail: { field: "to" } });
    });
  });

  /** The step-up fields of an add: a fresh e-mailed code of the confirmed e-mail method. */
  const emailStepUp = async (access: string, account: TestAccount) => ({ confirm_option: "email", otp_code: await emailedCode(access, account) });

  describe("adding a method", () => {
    it("adds an authenticator app after a step-up code, confirmed by its own code, and refuses adding it twice", async () => {
      const { account, access } = await signedInAccount("add-app@clinic.test");
      const started = await postMe(t, access, "mfa/", { mfa_option: "app", ...(await emailStepUp(access, account)) });
      expect(started.statusCode).toBe(200);
      const decoded = decodeStrict(AddMfaAppResponse)(started.json());
      if (!decoded.ok) throw new Error("not an AddMfaAppResponse");
      expect(await enrolmentsOf(account.id)).toEqual(["app:pending", "email:confirmed"]);

      const code = totpAt(decoded.value.secret, t.clock.now());
      const wrong = await postMe(t, access, "mfa/confirm/", { mfa_option: "app", otp_code: otherCode(code) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: "ERROR_019", detail: { field: "otp_code" } });

      const confirmed = await postMe(t, access, "mfa/confirm/", { mfa_option: "app", otp_code: code });
      expect(confirmed.statusCode).toBe(200);
      expect(decodeStrict(CurrentUser)(confirmed.json()).ok).toBe(true);
      expect(confirmed.json()).toMatchObject({ mfa_methods: ["email", "app"], default_mfa_method: "email" });
      // The owner hears of every new factor (issue 19), with when and from where.
      const notice = await newestMessage(t, account.email);
      expect(notice?.subject).toBe("A sign-in verification method was added");
      expect(notice?.body).toMatch(/was added: an authenticator app\.[\s\S]*When: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\nFrom: IP address /);

      // Refused before the code is checked, so the (made-up) code is neither spent nor counted.
      const again = { confirm_option: "email", otp_code: "123456" };
      expect((await postMe(t, access, "mfa/", { mfa_option: "app", ...again })).json()).toMatchObject({ code: "ERROR_015" });
      expect((await postMe(t, access, "mfa/", { mfa_option: "email", ...again })).json()).toMatchObject({ code: "ERROR_015" });
      const events = (await auditFor(t, account.id)).map((row) => `${row.action}:${row.outcome}:${row.reason ?? ""}`);
      expect(events).toEqual(expect.arrayContaining(["auth.mfa_enrolment:success:app", "auth.mfa_confirmed:failure:wrong_code", "auth.mfa_confirmed:success:app"]));
      expect(events).not.toContain("auth.mfa_step_up:failure:wrong_code");
      // The secret never reaches the audit trail.
      expect(JSON.stringify(await auditFor(t, account.id))).not.toContain(decoded.value.secret);
    });

    it("refuses adding without a fresh code of a confirmed method: nothing written, nothing sent to the new number", async () => {
      const { account, access } = await signedInAccount("add-no-step-up@clinic.test");
      const phone = "+12015550181";
      const add = (extra: object) => postMe(t, access, "mfa/", { mfa_option: "sms", phone, ...extra });

      expect((await add({ confirm_option: "email" })).json()).toMatchObject({ code: "ERROR_018", detail: { field: "otp_code" } });
      expect((await add({ otp_code: "123456" })).json()).toMatchObject({ code: "ERROR_016", detail: { field: "confirm_option" } });
      const notSetUp = await add({ confirm_option: "app", otp_code: "123456" });
      expect(notSetUp.statusCode).toBe(400);
      expect(notSetUp.json()).toMatchObject({ code: "ERROR_017", detail: { field: "confirm_option" } });

      const right = await emailedCode(access, account);
      const wrong = await add({ confirm_option: "email", otp_code: otherCode(right) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: "ERROR_019", detail: { field: "otp_code" } });

      // A code sent to the same person for another session is not this session's step-up.
      const other = await signIn(t, account);
      t.clock.advance(STEP + 1000);
      expect((await sendCode(other.access, "email")).statusCode).toBe(204);
      const otherSessions = await newestVerificationCode(t, account.email);
      if (otherSessions !== right) expect((await add({ confirm_option: "email", otp_code: otherSessions })).json()).toMatchObject({ code: "ERROR_019" });

      expect(await enrolmentsOf(account.id)).toEqual(["email:confirmed"]);
      expect(await newestMessage(t, phone)).toBeUndefined();
      const events = (await auditFor(t, account.id)).map((row) => `${row.action}:${row.outcome}:${row.reason ?? ""}`);
      expect(events).toEqual(expect.arrayContaining(["auth.mfa_enrolment:failure:confirm_not_configured", "auth.mfa_step_up:failure:wrong_code"]));
      expect(events.filter((event) => event.startsWith("auth.mfa_enrolment:success"))).toEqual([]);
    });

    it("counts wrong step-up codes of an add toward the account's code lock", async () => {
      const { account, access } = await signedInAccount("add-lock@clinic.test");
      const right = await emailedCode(access, account);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        statuses.push((await postMe(t, access, "mfa/", { mfa_option: "app", confirm_option: "email", otp_code: otherCode(right) })).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(9).fill(400), 429]);
      const locked = await postMe(t, access, "mfa/", { mfa_option: "app", confirm_option: "email", otp_code: right });
      expect(locked.json()).toMatchObject({ code: "ERROR_012" });
      expect(await enrolmentsOf(account.id)).toEqual(["email:confirmed"]);
    });

    it("adds SMS with a code sent to the new number; the profile phone follows the confirmed number", async () => {
      await createAccount(t, { email: "number-owner@clinic.test", phone: "+12015550170" });
      const { account, access } = await signedInAccount("add-sms@clinic.test");
      const unused = { confirm_option: "email", otp_code: "123456" };
      expect((await postMe(t, access, "mfa/", { mfa_option: "sms", ...unused })).json()).toMatchObject({ code: "ERROR_013", detail: { field: "phone" } });
      expect((await postMe(t, access, "mfa/", { mfa_option: "sms", phone: "12", ...unused })).json()).toMatchObject({ code: "ERROR_002", detail: { field: "phone" } });
      expect((await postMe(t, access, "mfa/", { mfa_option: "sms", phone: "+1 201 555 0170", ...unused })).json()).toMatchObject({ code: "ERROR_021" });
      expect(await enrolmentsOf(account.id)).toEqual(["email:confirmed"]);

      const phone = "+12015550177";
      const stepUp = await emailStepUp(access, account);
      expect((await postMe(t, access, "mfa/", { mfa_option: "sms", phone, ...stepUp })).statusCode).toBe(204);
      const first = await newestVerificationCode(t, phone);
      // The proven code is spent: the same add cannot be replayed.
      expect((await postMe(t, access, "mfa/", { mfa_option: "sms", phone: "+12015550178", ...stepUp })).statusCode).toBe(429);
      t.clock.advance(STEP + 1000);
      expect((await postMe(t, access, "mfa/", { mfa_option: "sms", phone: "+12015550178", ...stepUp })).json()).toMatchObject({ code: "ERROR_019" });

      // A resend goes to the number the add was started with, once per 30 seconds.
      expect((await postMe(t, access, "mfa/re_send/", { mfa_option: "sms" })).statusCode).toBe(204);
      const cooling = await postMe(t, access, "mfa/re_send/", { mfa_option: "sms" });
      expect(cooling.statusCode).toBe(429);
      expect(cooling.headers["retry-after"]).toBeDefined();
      const code = await newestVerificationCode(t, phone);
      expect(await newestMessage(t, "+12015550178")).toBeUndefined();
      // The resend voids the first code; a step-up code by e-mail is not a code from the new number.
      if (first !== code) expect((await postMe(t, access, "mfa/confirm/", { mfa_option: "sms", otp_code: first })).json()).toMatchObject({ code: "ERROR_019" });
      t.clock.advance(STEP + 1000);
      const emailCode = await emailedCode(access, account);
      if (emailCode !== code) expect((await postMe(t, access, "mfa/confirm/", { mfa_option: "sms", otp_code: emailCode })).json()).toMatchObject({ code: "ERROR_019" });

      const confirmed = await postMe(t, access, "mfa/confirm/", { mfa_option: "sms", otp_code: code });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ mfa_methods: ["email", "sms"], phone: "********0177" });
      const [row] = await t.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, account.id));
      expect(row?.phone).toBe(phone);
      // The code works once.
      expect((await postMe(t, access, "mfa/confirm/", { mfa_option: "sms", otp_code: code })).json()).toMatchObject({ code: "ERROR_015" });
    });

    it("resends only a pending method's code: it starts nothing", async () => {
      const { account, access } = await signedInAccount("resend-refusals@clinic.test");
      const resend = (method: string) => postMe(t, access, "mfa/re_send/", { mfa_option: method });
      const nothing = await resend("sms");
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json()).toMatchObject({ code: "ERROR_017", detail: { field: "mfa_option" } });
      expect((await resend("email")).json()).toMatchObject({ code: "ERROR_015", detail: { field: "mfa_option" } });
      expect((await resend("app")).json()).toMatchObject({ code: "ERROR_009" });
      const withPhone = await postMe(t, access, "mfa/re_send/", { mfa_option: "sms", phone: "+12015550190" });
      expect(withPhone.json()).toMatchObject({ code: "ERROR_056", detail: { field: "phone" } });
      expect(await enrolmentsOf(account.id)).toEqual(["email:confirmed"]);
      expect(await newestMessage(t, "+12015550190")).toBeUndefined();
    });

    it("adds e-mail back with a code sent to the account address, making it the default when none is set", async () => {
      const { account, access } = await signedInAccount("add-email@clinic.test");
      await t.database.db.delete(mfaEnrolments).where(eq(mfaEnrolments.userId, account.id));
      await t.database.db.update(users).set({ defaultMfaMethod: null }).where(eq(users.id, account.id));
      const secret = newTotpSecret();
      await t.database.db.insert(mfaEnrolments).values({ userId: account.id, method: "app", totpSecret: secret, confirmedAt: t.clock.now() });
      const stepUp = { confirm_option: "app", otp_code: totpAt(secret, t.clock.now()) };
      expect((await postMe(t, access, "mfa/", { mfa_option: "email", ...stepUp })).statusCode).toBe(204);
      const code = await newestVerificationCode(t, account.email);
      const confirmed = await postMe(t, access, "mfa/confirm/", { mfa_option: "email", otp_code: code });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ mfa_methods: ["email", "app"], default_mfa_method: "email" });
    });

    it("refuses confirming with nothing pending (ERROR_017), without a code (ERROR_018), and unknown fields", async () => {
      const { access } = await signedInAccount("confirm-refusals@clinic.test");
      const nothing = await postMe(t, access, "mfa/confirm/", { mfa_option: "app", otp_code: "123456" });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json()).toMatchObject({ code: "ERROR_017", detail: { field: "mfa_option" } });
      expect((await postMe(t, access, "mfa/confirm/", { mfa_option: "sms" })).json()).toMatchObject({ code: "ERROR_018", detail: { field: "otp_code" } });
      expect((await postMe(t, access, "mfa/confirm/", { mfa_option: "sms", otp_code: "12345" })).json()).toMatchObject({ code: "ERROR_019" });
      expect((await postMe(t, access, "mfa/", { mfa_option: "app", confirm_option: "email", otp_code: "123456", secret: "AAAA" })).json()).toMatchObject({ code: "ERROR_056", detail: { field: "secret" } });
    });
  });

  describe("the default method", () => {
    it("changes the default, confirmed by a code of another confirmed method", async () => {
      const { account, access } = await signedInAccount("default@clinic.test");
      await confirmSmsAndApp(account, "+12015550180");
      const code = await emailedCode(access, account);
      const response = await putMe(t, access, "mfa/default/", { mfa_option: "app", confirm_option: "email", otp_code: code });
      expect(response.statusCode).toBe(200);
      expect(decodeStrict(CurrentUser)(response.json()).ok).toBe(true);
      expect(response.json()).toMatchObject({ default_mfa_method: "app" });
      expect(((await me(t, access)).json() as Me).default_mfa_method).toBe("app");
      expect(await newestMessage(t, account.email)).toMatchObject({ subject: "Your default verification method changed" });
      // The e-mail code is spent.
      expect((await putMe(t, access, "mfa/default/", { mfa_option: "sms", confirm_option: "email", otp_code: code })).json()).toMatchObject({ code: "ERROR_019" });
      const events = (await auditFor(t, account.id)).map((row) => `${row.action}:${row.outcome}:${row.reason ?? ""}`);
      expect(events).toContain("auth.mfa_default_changed:success:app");
    });

    it("refuses a method that is not confirmed, a confirming method that is not, and a wrong code", async () => {
      const { account, access } = await signedInAccount("default-refusals@clinic.test");
      const code = await emailedCode(access, account);
      const notSetUp = await putMe(t, access, "mfa/default/", { mfa_option: "sms", confirm_option: "email", otp_code: code });
      expect(notSetUp.statusCode).toBe(400);
      expect(notSetUp.json()).toMatchObject({ code: "ERROR_017", detail: { field: "mfa_option" } });
      expect((await putMe(t, access, "mfa/default/", { mfa_option: "email", confirm_option: "app", otp_code: code })).json()).toMatchObject({
        code: "ERROR_017",
        detail: { field: "confirm_option" },
      });
      expect((await putMe(t, access, "mfa/default/", { mfa_option: "email", confirm_option: "email", otp_code: otherCode(code) })).json()).toMatchObject({
        code: "ERROR_019",
      });
      expect((await putMe(t, access, "mfa/default/", { mfa_option: "email", confirm_option: "email", otp_code: code, extra: true })).json()).toMatchObject({
        code: "ERROR_056",
        detail: { field: "extra" },
      });
    });

    it("never accepts the same authenticator code twice", async () => {
      const { account, access } = await signedInAccount("replay@clinic.test");
      const secret = await confirmSmsAndApp(account, "+12015550181");
      const code = totpAt(secret, t.clock.now());
      expect((await putMe(t, access, "mfa/default/", { mfa_option: "app", confirm_option: "app", otp_code: code })).statusCode).toBe(200);
      const replay = await putMe(t, access, "mfa/default/", { mfa_option: "sms", confirm_option: "app", otp_code: code });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ code: "ERROR_019" });
      const events = (await auditFor(t, account.id)).map((row) => `${row.action}:${row.outcome}:${row.reason ?? ""}`);
      expect(events).toContain("auth.mfa_step_up:failure:reused_code");
      t.clock.advance(STEP);
      expect((await putMe(t, access, "mfa/default/", { mfa_option: "sms", confirm_option: "app", otp_code: totpAt(secret, t.clock.now()) })).json()).toMatchObject({
        default_mfa_method: "sms",
      });
    });

    it("counts wrong codes toward the account's code lock", async () => {
      const { account, access } = await signedInAccount("code-guesser@clinic.test");
      const secret = await confirmSmsAndApp(account, "+12015550182");
      const wrong = otherCode(totpAt(secret, t.clock.now()));
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        statuses.push((await putMe(t, access, "mfa/default/", { mfa_option: "app", confirm_option: "app", otp_code: wrong })).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(9).fill(400), 429]);
      const locked = await putMe(t, access, "mfa/default/", { mfa_option: "app", confirm_option: "app", otp_code: totpAt(secret, t.clock.now()) });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ code: "ERROR_012" });
      expect(((await me(t, access)).json() as Me).default_mfa_method).toBe("email");
    });
  });

  describe("removing a method", () => {
    it("never removes the last confirmed method", async () => {
      const { account, access } = await signedInAccount("last-method@clinic.test");
      const code = await emailedCode(access, account);
      const response = await postMe(t, access, "mfa/remove/", { mfa_option: "email", confirm_option: "email", otp_code: code });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "ERROR_050", message: "The last verification method cannot be removed", detail: { field: "mfa_option" } });
      expect(await enrolmentsOf(account.id)).toEqual(["email:confirmed"]);
      // The refusal came before the code was checked, so the code still works.
      expect((await putMe(t, access, "mfa/default/", { mfa_option: "email", confirm_option: "email", otp_code: code })).statusCode).toBe(200);
    });

    it("removes the default with its own code, moving the default to the app, then to SMS", async () => {
      const other = await createAccount(t, { email: "remove-bystander@clinic.test" });
      const otherSecret = await confirmSmsAndApp(other, "+12015550191");
      const { account, access } = await signedInAccount("remover@clinic.test");
      const secret = await confirmSmsAndApp(account, "+12015550190");

      const emailCode = await emailedCode(access, account);
      const first = await postMe(t, access, "mfa/remove/", { mfa_option: "email", confirm_option: "email", otp_code: emailCode });
      expect(first.statusCode).toBe(200);
      expect(decodeStrict(CurrentUser)(first.json()).ok).toBe(true);
      expect(first.json()).toMatchObject({ mfa_methods: ["sms", "app"], default_mfa_method: "app" });
      // Removing e-mail codes is still told to the account's address.
      const notice = await newestMessage(t, account.email);
      expect(notice?.subject).toBe("A sign-in verification method was removed");
      expect(notice?.body).toContain("A way to verify your sign-ins was removed: email codes.");

      // A code from a different method (SMS) confirms removing the app.
      expect((await sendCode(access, "sms")).statusCode).toBe(204);
      const smsCode = await newestVerificationCode(t, "+12015550190");
      const second = await postMe(t, access, "mfa/remove/", { mfa_option: "app", confirm_option: "sms", otp_code: smsCode });
      expect(second.json()).toMatchObject({ mfa_methods: ["sms"], default_mfa_method: "sms" });
      expect(await enrolmentsOf(account.id)).toEqual(["sms:confirmed"]);
      // The removed app's codes no longer prove anything.
      t.clock.advance(STEP);
      expect((await postMe(t, access, "mfa/remove/", { mfa_option: "sms", confirm_option: "app", otp_code: totpAt(secret, t.clock.now()) })).json()).toMatchObject({
        code: "ERROR_050",
      });
      const events = (await auditFor(t, account.id)).map((row) => `${row.action}:${row.outcome}:${row.reason ?? ""}`);
      expect(events).toEqual(expect.arrayContaining(["auth.mfa_removed:success:email", "auth.mfa_removed:success:app"]));

      // Someone else's factors are untouched, and they still sign in with their default.
      expect(await enrolmentsOf(other.id)).toEqual(["app:confirmed", "email:confirmed", "sms:confirmed"]);
      expect(otherSecret).not.toBe(secret);
      expect((await login(t, other.email, other.password)).json()).toMatchObject({ user: { default_mfa_method: "email", mfa_methods: ["email", "sms", "app"] } });
    });

    it("refuses removing a method that is not set up, and confirming with one that is not", async () => {
      const { account, access } = await signedInAccount("remove-refusals@clinic.test");
      await t.database.db.insert(mfaEnrolments).values({ userId: account.id, method: "app", totpSecret: newTotpSecret() });
      const pending = await postMe(t, access, "mfa/remove/", { mfa_option: "app", confirm_option: "email", otp_code: "123456" });
      expect(pending.json()).toMatchObject({ code: "ERROR_017", detail: { field: "mfa_option" } });
      const [row] = await t.database.db.select({ id: mfaEnrolments.id }).from(mfaEnrolments).where(and(eq(mfaEnrolments.userId, account.id), eq(mfaEnrolments.method, "app")));
      expect(row).toBeDefined();
      expect((await postMe(t, access, "mfa/remove/", { mfa_option: "email", confirm_option: "sms", otp_code: "123456" })).json()).toMatchObject({ code: "ERROR_050" });
    });
  });
});
