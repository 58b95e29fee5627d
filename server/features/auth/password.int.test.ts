import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import {
  AUTH,
  NEW_PASSWORD,
  PASSWORD,
  type TestAccount,
  auditFor,
  createAccount,
  login,
  me,
  newestMessage,
  pastIpWindows,
  postPreAuth,
  preAuthToken,
  refresh,
  signIn,
} from "../../auth/auth.test-helper.ts";

const MINUTE = 60_000;

const changePassword = (t: TestApp, token: string, oldPassword: string, newPassword: string, confirmation = newPassword) =>
  postPreAuth(t, token, "change_pwd/", { old_password: oldPassword, new_password: newPassword, new_password_confirmation: confirmation });

const forgot = (t: TestApp, email: string) =>
  t.app.inject({ method: "POST", url: `${AUTH}/forgot_password/`, headers: API_KEY_HEADER, payload: { email } });

const reset = (t: TestApp, token: string, password: string, confirmation = password) =>
  t.app.inject({
    method: "POST",
    url: `${AUTH}/reset_password/`,
    headers: API_KEY_HEADER,
    payload: { token, new_password: password, new_password_confirmation: confirmation },
  });

/** The reset token from the newest e-mail's link to /auth/email-confirmation?token=... */
const emailedToken = async (t: TestApp, email: string): Promise<string> => {
  const body = (await newestMessage(t, email))?.body ?? "";
  const link = /http:\/\/localhost:3000\/auth\/email-confirmation\?token=(\S+)/.exec(body);
  if (link?.[1] === undefined) throw new Error("no reset link");
  return decodeURIComponent(link[1]);
};

describe.each(TEST_DRIVERS)("change_pwd (%s)", (driver) => {
  let t: TestApp;
  let account: TestAccount;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    account = await createAccount(t, { email: "due@clinic.test", changePassword: true });
    token = await preAuthToken(t, account);
  });
  afterAll(() => t.close());

  it.each([
    ["ERROR_006", "short", "Short-1", "Short-1"],
    ["ERROR_010", "the same as the old", PASSWORD, PASSWORD],
    ["ERROR_008", "not confirmed", NEW_PASSWORD, `${NEW_PASSWORD}x`],
    ["ERROR_007", "common", "password123", "password123"],
    ["ERROR_007", "made of the person's address", "due@clinic.test1", "due@clinic.test1"],
  ])("answers %s for a new password that is %s", async (code, _, password, confirmation) => {
    const response = await changePassword(t, token, PASSWORD, password, confirmation);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code });
  });

  it("answers ERROR_011 for a wrong old password", async () => {
    const response = await changePassword(t, token, "Not-The-Old-One-9", NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "ERROR_011", detail: { field: "old_password" } });
  });

  it("changes the password, clears the flag, and then answers 403 ERROR_011 (no change due)", async () => {
    expect((await changePassword(t, token, PASSWORD, NEW_PASSWORD)).statusCode).toBe(204);
    expect(await newestMessage(t, account.email)).toMatchObject({ subject: "Your portal password was changed" });
    const [row] = await t.database.db.select({ changePassword: users.changePassword }).from(users).where(eq(users.id, account.id));
    expect(row?.changePassword).toBe(false);
    const again = await changePassword(t, token, NEW_PASSWORD, "Another-Fine-Password-55");
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: "ERROR_011" });
    expect((await login(t, account.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(t, account.email, NEW_PASSWORD)).statusCode).toBe(200);
    const outcomes = (await auditFor(t, account.id)).filter((row) => row.action === "auth.password_change").map((row) => `${row.outcome}:${row.reason ?? ""}`);
    expect(outcomes).toEqual(expect.arrayContaining(["failure:too_short", "failure:weak_password", "failure:wrong_password", "success:", "denied:not_due"]));
  });

  it("is refused without a pre-authentication token", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `${AUTH}/change_pwd/`,
      headers: API_KEY_HEADER,
      payload: { old_password: "a", new_password: "b", new_password_confirmation: "b" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe.each(TEST_DRIVERS)("forgot_password and reset_password (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it("answers 204 with no body whether or not the address has an account, and mails only real accounts", async () => {
    await createAccount(t, { email: "forgetful@clinic.test" });
    const known = await forgot(t, "Forgetful@clinic.test");
    const unknown = await forgot(t, "stranger@clinic.test");
    expect([known.statusCode, unknown.statusCode]).toEqual([204, 204]);
    expect([known.body, unknown.body]).toEqual(["", ""]);
    expect(await newestMessage(t, "stranger@clinic.test")).toBeUndefined();
    const message = await newestMessage(t, "forgetful@clinic.test");
    expect(message?.subject).toBe("Reset your portal password");
    expect(message?.body).toContain("30 minutes");
  });

  it("sends nothing to deactivated accounts", async () => {
    await createAccount(t, { email: "deactivated@clinic.test", status: "inactive" });
    expect((await forgot(t, "deactivated@clinic.test")).statusCode).toBe(204);
    expect(await newestMessage(t, "deactivated@clinic.test")).toBeUndefined();
  });

  it("sends no reset link to an invited person who has not accepted yet: their way in is the invitation, which may have been withdrawn", async () => {
    await createAccount(t, { email: "invited@clinic.test", status: "pending", password: null });
    expect((await forgot(t, "invited@clinic.test")).statusCode).toBe(204);
    expect(await newestMessage(t, "invited@clinic.test")).toBeUndefined();
  });

  it("sets a new password once, ends every session, and refuses the link a second time", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "resetter@clinic.test", changePassword: true });
    const session = await createAccountSession(t, account);
    await forgot(t, account.email);
    const token = await emailedToken(t, account.email);
    expect((await reset(t, token, "Short-1")).json()).toMatchObject({ code: "ERROR_006" });
    expect((await reset(t, token, NEW_PASSWORD, "Mismatch-Password-88")).json()).toMatchObject({ code: "ERROR_008" });
    expect((await reset(t, token, "password123")).json()).toMatchObject({ code: "ERROR_007" });
    expect((await reset(t, token, PASSWORD)).json()).toMatchObject({ code: "ERROR_010" });
    expect((await reset(t, token, NEW_PASSWORD)).statusCode).toBe(204);
    expect(await newestMessage(t, account.email)).toMatchObject({ subject: "Your portal password was reset" });
    const again = await reset(t, token, "Yet-Another-Password-31");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "ERROR_056", detail: { field: "token" } });

    expect((await me(t, session.access)).statusCode).toBe(401);
    expect((await refresh(t, session.refresh)).statusCode).toBe(401);
    const signedIn = await login(t, account.email, NEW_PASSWORD);
    expect(signedIn.json()).toMatchObject({ user: { change_password: false } });
    const actions = (await auditFor(t, account.id)).map((row) => `${row.action}:${row.outcome}`);
    expect(actions).toEqual(expect.arrayContaining(["auth.password_reset_request:success", "auth.password_reset:success", "auth.sessions_revoked:success"]));
  });

  it("refuses a link after 30 minutes, and an older link once a newer one was sent", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "slowreader@clinic.test" });
    await forgot(t, account.email);
    const first = await emailedToken(t, account.email);
    t.clock.advance(MINUTE);
    await forgot(t, account.email);
    const second = await emailedToken(t, account.email);
    expect((await reset(t, first, NEW_PASSWORD)).json()).toMatchObject({ code: "ERROR_056" });
    t.clock.advance(30 * MINUTE);
    expect((await reset(t, second, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await auditFor(t, account.id)).some((row) => row.reason === "expired_token")).toBe(true);
    expect((await reset(t, "made-up-token", NEW_PASSWORD)).json()).toMatchObject({ code: "ERROR_056" });
  });

  it("limits forgot_password to 10 per IP in 15 minutes", async () => {
    pastIpWindows(t);
    for (let i = 0; i < 10; i += 1) expect((await forgot(t, `someone${i}@clinic.test`)).statusCode).toBe(204);
    expect((await forgot(t, "one-more@clinic.test")).statusCode).toBe(429);
  });
});

/** A full session for an account whose password change is due: set the flag aside for the sign-in. */
const createAccountSession = async (t: TestApp, account: TestAccount) => {
  await t.database.db.update(users).set({ changePassword: false }).where(eq(users.id, account.id));
  const session = await signIn(t, account);
  await t.database.db.update(users).set({ changePassword: true }).where(eq(users.id, account.id));
  return session;
};
