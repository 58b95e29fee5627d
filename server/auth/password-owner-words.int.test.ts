import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { institutions } from "../db/schema/institutions.ts";
import { users } from "../db/schema/users.ts";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../test-app.test-helper.ts";
import { AUTH, NEW_PASSWORD, PASSWORD, type TestAccount, createAccount, newestMessage, pastIpWindows, postPreAuth, preAuthToken, signIn, withBearer } from "./auth.test-helper.ts";

// Issue 31 item 8: every path that sets a password refuses one built from the person's own names,
// address or institution (ERROR_007): the sign-in change_pwd, users/me/change_password/, the
// e-mailed reset and the invitation's accept. The institution comes from the database, so the
// same rule holds wherever the person's record says they work.
const SETUP_TIMEOUT = 180_000;
const OWN_WORDS = ["MariaGarcia2026!", "Maria.Garcia.2026", "garcia-maria-1990", "SunriseClinic2026!"];

describe.each(TEST_DRIVERS)("passwords made of the person's own words on %s", (driver) => {
  let t: TestApp;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(driver);
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  /** María García of Sunrise Clinic, with the given account options. */
  const maria = async (options: Partial<Parameters<typeof createAccount>[1]> = {}): Promise<TestAccount> => {
    counter += 1;
    const account = await createAccount(t, { email: `maria.garcia.${counter}@sunrise.test`, ...options });
    await t.database.db.update(users).set({ firstName: "María", lastName: "García" }).where(eq(users.id, account.id));
    if (account.institutionId !== null) await t.database.db.update(institutions).set({ name: `Sunrise Clinic ${"ABCDEFGHIJ"[counter % 10]}` }).where(eq(institutions.id, account.institutionId));
    return account;
  };
  const passwords = (password: string, extra: Record<string, string> = {}) => ({ ...extra, new_password: password, new_password_confirmation: password });
  const expectWeak = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: "ERROR_007", detail: { field: "new_password" } });
  };

  it("change_pwd during sign-in", async () => {
    const account = await maria({ changePassword: true });
    const token = await preAuthToken(t, account);
    for (const weak of OWN_WORDS) expectWeak(await postPreAuth(t, token, "change_pwd/", passwords(weak, { old_password: PASSWORD })));
    expect((await postPreAuth(t, token, "change_pwd/", passwords(NEW_PASSWORD, { old_password: PASSWORD }))).statusCode).toBe(204);
  });

  it("users/me/change_password/ when signed in", async () => {
    const account = await maria();
    const { access } = await signIn(t, account);
    const change = (password: string) =>
      t.app.inject({ method: "POST", url: "/api/users/me/change_password/", headers: withBearer(access), payload: passwords(password, { old_password: PASSWORD }) });
    for (const weak of OWN_WORDS) expectWeak(await change(weak));
    const done = await change(NEW_PASSWORD);
    expect(done.statusCode, done.body).toBeLessThan(300);
  });

  it("the e-mailed reset", async () => {
    pastIpWindows(t);
    const account = await maria();
    const forgot = await t.app.inject({ method: "POST", url: `${AUTH}/forgot_password/`, headers: API_KEY_HEADER, payload: { email: account.email } });
    expect(forgot.statusCode).toBe(204);
    const token = decodeURIComponent(/email-confirmation\?token=(\S+)/.exec((await newestMessage(t, account.email))?.body ?? "")?.[1] ?? "");
    const reset = (password: string) => t.app.inject({ method: "POST", url: `${AUTH}/reset_password/`, headers: API_KEY_HEADER, payload: { token, ...passwords(password) } });
    for (const weak of OWN_WORDS) expectWeak(await reset(weak));
    expect((await reset(NEW_PASSWORD)).statusCode).toBe(204);
  });

  it("accepting an invitation", async () => {
    pastIpWindows(t);
    const admin = await maria({ role: "institution_admin" });
    const { access } = await signIn(t, admin);
    const email = `maria.garcia.invited.${counter}@sunrise.test`;
    const created = await t.app.inject({ method: "POST", url: "/api/staff/", headers: withBearer(access), payload: { first_name: "María", last_name: "García", email, role: "staff" } });
    expect(created.statusCode, created.body).toBe(201);
    const token = decodeURIComponent(/\/auth\/invitation\?token=(\S+)/.exec((await newestMessage(t, email))?.body ?? "")?.[1] ?? "");
    const accept = (password: string) => t.app.inject({ method: "POST", url: "/api/invitations/accept/", headers: API_KEY_HEADER, payload: { token, ...passwords(password) } });
    for (const weak of OWN_WORDS) expectWeak(await accept(weak));
    const accepted = await accept(NEW_PASSWORD);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
