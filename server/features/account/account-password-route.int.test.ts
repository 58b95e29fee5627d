import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import { NEW_PASSWORD, PASSWORD, auditFor, createAccount, login, me, newestMessage, pastIpWindows, refresh, signIn } from "../../auth/auth.test-helper.ts";
import { postMe } from "./account.test-helper.ts";

const change = (t: TestApp, access: string, oldPassword: string, newPassword: string, confirmation = newPassword) =>
  postMe(t, access, "change_password/", { old_password: oldPassword, new_password: newPassword, new_password_confirmation: confirmation });

describe.each(TEST_DRIVERS)("POST users/me/change_password/ (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it("changes the password, ends every other session but the caller's, and e-mails a notice", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "changer@clinic.test" });
    const bystander = await createAccount(t, { email: "changer-colleague@clinic.test" });
    const elsewhere = await signIn(t, account);
    const colleague = await signIn(t, bystander);
    const here = await signIn(t, account);

    const response = await change(t, here.access, PASSWORD, NEW_PASSWORD);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    // The caller stays signed in; the other session of the same person is over.
    expect((await me(t, here.access)).statusCode).toBe(200);
    expect((await me(t, elsewhere.access)).statusCode).toBe(401);
    expect((await refresh(t, elsewhere.refresh)).statusCode).toBe(401);
    expect((await refresh(t, here.refresh)).statusCode).toBe(200);
    // Another person's session is untouched.
    expect((await me(t, colleague.access)).statusCode).toBe(200);

    expect((await login(t, account.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(t, account.email, NEW_PASSWORD)).statusCode).toBe(200);
    const notice = await newestMessage(t, account.email);
    expect(notice?.subject).toBe("Your portal password was changed");
    expect(notice?.body).not.toContain(NEW_PASSWORD);
    const events = (await auditFor(t, account.id)).map((row) => `${row.action}:${row.outcome}:${row.reason ?? ""}`);
    expect(events).toEqual(expect.arrayContaining(["auth.password_change:success:", "auth.sessions_revoked:success:password_changed"]));
  });

  it.each([
    ["Short-1", undefined, "ERROR_006", "new_password"],
    [NEW_PASSWORD, "Mismatch-Password-88", "ERROR_008", "new_password_confirmation"],
    [PASSWORD, undefined, "ERROR_010", "new_password"],
    ["password123", undefined, "ERROR_007", undefined],
  ])("refuses the new password %j (confirmation %j) with %s", async (newPassword, confirmation, code, field) => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: `rule-${code}@clinic.test` });
    const { access } = await signIn(t, account);
    const response = await change(t, access, PASSWORD, newPassword, confirmation ?? newPassword);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, ...(field === undefined ? {} : { detail: { field } }) });
    expect((await login(t, account.email, PASSWORD)).statusCode).toBe(200);
  });

  it("answers a wrong current password with ERROR_005, counting toward the password lock", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "guesser@clinic.test" });
    const { access } = await signIn(t, account);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await change(t, access, `Wrong-Password-${attempt}-xyz`, NEW_PASSWORD);
      statuses.push(response.statusCode);
      if (attempt === 0) expect(response.json()).toMatchObject({ code: "ERROR_005", detail: { field: "old_password" } });
    }
    // The fifth wrong password starts the lock, exactly like five wrong sign-ins.
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const locked = await change(t, access, PASSWORD, NEW_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: "ERROR_012" });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    // Password sign-in is locked too.
    expect((await login(t, account.email, PASSWORD)).statusCode).toBe(429);
  });

  it("refuses an unknown field by name, and a call without a session", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "strict-password@clinic.test" });
    const { access } = await signIn(t, account);
    const response = await postMe(t, access, "change_password/", { old_password: PASSWORD, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD, user_id: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "ERROR_056", detail: { field: "user_id" } });
    expect((await postMe(t, "not-a-token", "change_password/", {})).statusCode).toBe(401);
  });
});
