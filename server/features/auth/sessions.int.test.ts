import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RefreshResponse } from "../../../domain/shared/wire/auth.ts";
import { decodeStrict } from "../../../domain/shared/wire/decode.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { revokeAllSessions } from "../../auth/sessions.ts";
import { authSessions } from "../../db/schema/auth-sessions.ts";
import { outboxMessages } from "../../db/schema/outbox.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { isPreAuth, isProtected, isSignedIn } from "../../http/route-access.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import {
  AUTH,
  NEW_PASSWORD,
  PASSWORD,
  auditFor,
  auditRows,
  createAccount,
  me,
  pastIpWindows,
  postPreAuth,
  preAuthToken,
  refresh,
  signIn,
  withBearer,
  withToken,
} from "../../auth/auth.test-helper.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const logout = (t: TestApp, refreshToken: string, access?: string) =>
  t.app.inject({
    method: "POST",
    url: `${AUTH}/logout/`,
    headers: access === undefined ? API_KEY_HEADER : withBearer(access),
    payload: { refresh_token: refreshToken },
  });

const rotated = async (t: TestApp, token: string): Promise<{ access: string; refresh: string }> => {
  const response = await refresh(t, token);
  expect(response.statusCode).toBe(200);
  expect(decodeStrict(RefreshResponse)(response.json()).ok).toBe(true);
  return response.json() as { access: string; refresh: string };
};

describe.each(TEST_DRIVERS)("sessions (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it("answers the refresh with the caller's own record, the one GET users/me/ gives for the new token (issue 35)", async () => {
    const account = await createAccount(t, { email: "refresh-user@clinic.test" });
    const session = await signIn(t, account);
    const response = await refresh(t, session.refresh);
    expect(response.statusCode).toBe(200);
    const { access, user } = response.json() as { access: string; user: unknown };
    expect(decodeStrict(CurrentUser)(user).ok).toBe(true);
    expect(user).toMatchObject({ id: account.id, email: "refresh-user@clinic.test" });
    expect(user).toEqual((await me(t, access)).json());
  });

  it("rotates the refresh token on every refresh; the new access token works", async () => {
    const account = await createAccount(t, { email: "rotate@clinic.test" });
    const session = await signIn(t, account);
    const first = await rotated(t, session.refresh);
    expect(first.refresh).not.toBe(session.refresh);
    const second = await rotated(t, first.refresh);
    expect((await me(t, second.access)).statusCode).toBe(200);
  });

  it("ends the whole chain, newest token included, when a rotated refresh token comes back", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "stolen@clinic.test" });
    const session = await signIn(t, account);
    const next = await rotated(t, session.refresh);
    const replay = await refresh(t, session.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: "ERROR_001" });
    expect((await refresh(t, next.refresh)).statusCode).toBe(401);
    expect((await me(t, next.access)).statusCode).toBe(401);
    expect((await me(t, session.access)).statusCode).toBe(401);
    const reuse = (await auditFor(t, account.id)).filter((row) => row.action === "auth.refresh_reuse");
    expect(reuse).toHaveLength(1);
    expect(reuse[0]).toMatchObject({ outcome: "denied", institutionId: account.institutionId, ip: "127.0.0.1" });
  });

  it("treats two concurrent refreshes with one token as reuse (at most one wins)", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "racer@clinic.test" });
    const session = await signIn(t, account);
    const answers = await Promise.all([refresh(t, session.refresh), refresh(t, session.refresh)]);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeLessThanOrEqual(1);
    expect(answers.some((answer) => answer.statusCode === 401)).toBe(true);
  });

  it("ends a session after 30 minutes without activity", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "idle@clinic.test" });
    const session = await signIn(t, account);
    t.clock.advance(30 * MINUTE);
    expect((await refresh(t, session.refresh)).statusCode).toBe(401);
    expect((await auditFor(t, account.id)).some((row) => row.action === "auth.session_timeout" && row.reason === "idle_timeout")).toBe(true);
  });

  it("keeps a session alive while it is used (calls and refreshes count as activity)", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "busy@clinic.test" });
    let tokens = await signIn(t, account);
    for (let i = 0; i < 6; i += 1) {
      t.clock.advance(9 * MINUTE);
      const next = await rotated(t, tokens.refresh);
      tokens = { ...tokens, ...next };
      t.clock.advance(9 * MINUTE);
      expect((await me(t, tokens.access)).statusCode).toBe(200);
    }
    t.clock.advance(29 * MINUTE);
    expect((await refresh(t, tokens.refresh)).statusCode).toBe(200);
  });

  it("writes last activity at most once a minute", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "cheap@clinic.test" });
    const session = await signIn(t, account);
    const signedInAt = t.clock.now().getTime();
    const lastActivity = async () => {
      const [row] = await t.database.db.select({ at: authSessions.lastActivityAt }).from(authSessions).where(eq(authSessions.userId, account.id));
      return row?.at.getTime();
    };
    t.clock.advance(59_000);
    expect((await me(t, session.access)).statusCode).toBe(200);
    expect(await lastActivity()).toBe(signedInAt);
    t.clock.advance(1000);
    expect((await me(t, session.access)).statusCode).toBe(200);
    expect(await lastActivity()).toBe(signedInAt + 60_000);
  });

  it("ends a session 12 hours after sign-in however active it is", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "marathon@clinic.test" });
    let tokens = await signIn(t, account);
    for (let elapsed = 0; elapsed < 12 * HOUR - 10 * MINUTE; elapsed += 10 * MINUTE) {
      t.clock.advance(10 * MINUTE);
      tokens = { ...tokens, ...(await rotated(t, tokens.refresh)) };
    }
    t.clock.advance(9 * MINUTE);
    expect((await me(t, tokens.access)).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    expect((await me(t, tokens.access)).statusCode).toBe(401);
    expect((await refresh(t, tokens.refresh)).statusCode).toBe(401);
    expect((await auditFor(t, account.id)).some((row) => row.reason === "absolute_timeout")).toBe(true);
  });

  it("expires access tokens after 10 minutes (the refresh token gets a new one)", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "short@clinic.test" });
    const session = await signIn(t, account);
    t.clock.advance(10 * MINUTE);
    expect((await me(t, session.access)).statusCode).toBe(401);
    expect((await me(t, (await rotated(t, session.refresh)).access)).statusCode).toBe(200);
  });

  it("signs out at once with or without the Bearer token, and again without error", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "leaver@clinic.test" });
    const withHeader = await signIn(t, account);
    const withoutHeader = await signIn(t, account);
    expect((await logout(t, withHeader.refresh, withHeader.access)).statusCode).toBe(204);
    expect((await logout(t, withoutHeader.refresh)).statusCode).toBe(204);
    for (const session of [withHeader, withoutHeader]) {
      expect((await me(t, session.access)).statusCode).toBe(401);
      expect((await refresh(t, session.refresh)).statusCode).toBe(401);
    }
    expect((await logout(t, withHeader.refresh)).statusCode).toBe(204);
    expect((await logout(t, "never-issued")).statusCode).toBe(204);
    expect((await auditFor(t, account.id)).filter((row) => row.action === "auth.sign_out")).toHaveLength(2);
  });

  it("ends every session of a person with revokeAllSessions (deactivation)", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "deactivated@clinic.test" });
    const other = await createAccount(t, { email: "bystander@clinic.test" });
    const one = await signIn(t, account);
    const two = await signIn(t, account);
    const theirs = await signIn(t, other);
    expect(await revokeAllSessions(t.database.db, account.id, { reason: "deactivated", now: t.clock.now() })).toBe(2);
    for (const session of [one, two]) {
      expect((await me(t, session.access)).statusCode).toBe(401);
      expect((await refresh(t, session.refresh)).statusCode).toBe(401);
    }
    expect((await me(t, theirs.access)).statusCode).toBe(200);
  });
});

describe.each(TEST_DRIVERS)("tokens in the wrong place, users/{id}, and the audit trail (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it("refuses the pre-authentication token on every other protected route (as Token and as Bearer)", async () => {
    const account = await createAccount(t, { email: "half@clinic.test", role: "institution_admin" });
    const token = await preAuthToken(t, account);
    const protectedRoutes = t.app.registeredRoutes.filter((route) => route.access !== undefined && (isProtected(route.access) || isSignedIn(route.access)));
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(2);
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:[a-z_]+/gi, String(account.id));
      for (const headers of [withToken(token), withBearer(token)]) {
        const response = await t.app.inject({ method: route.method as "GET", url, headers });
        expect({ route: `${route.method} ${url}`, status: response.statusCode }).toEqual({ route: `${route.method} ${url}`, status: 401 });
      }
    }
  });

  it("refuses a full session's access token on the sign-in steps", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "full@clinic.test" });
    const session = await signIn(t, account);
    const preAuthRoutes = t.app.registeredRoutes.filter((route) => route.access !== undefined && isPreAuth(route.access));
    expect(preAuthRoutes.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      [
        "GET /api/authentication/totp/qr/",
        "HEAD /api/authentication/totp/qr/",
        "POST /api/authentication/change_pwd/",
        "POST /api/authentication/totp/create_mfa/",
        "POST /api/authentication/totp/re_send/",
        "POST /api/authentication/totp/verify/",
      ].sort(),
    );
    for (const route of preAuthRoutes) {
      for (const headers of [withBearer(session.access), withToken(session.access), withToken(session.preAuth)]) {
        const response = await t.app.inject({ method: route.method as "GET", url: route.url, headers, payload: route.method === "POST" ? {} : undefined });
        expect({ route: route.url, status: response.statusCode }).toEqual({ route: route.url, status: 401 });
      }
    }
  });

  it("refuses a pre-authentication token after 15 minutes", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "dawdler@clinic.test" });
    const token = await preAuthToken(t, account);
    t.clock.advance(15 * MINUTE);
    expect((await postPreAuth(t, token, "totp/re_send/", { mfa_option: "email" })).statusCode).toBe(401);
  });

  it("answers a person's own record with role, institution and permissions; another id is 403", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "self@clinic.test", role: "staff", phone: "+16175550188" });
    const superAdmin = await createAccount(t, { email: "root@clinic.test", role: "super_admin" });
    const session = await signIn(t, account);
    const own = await t.app.inject({ url: `/api/users/${account.id}/`, headers: withBearer(session.access) });
    expect(own.statusCode).toBe(200);
    expect(decodeStrict(CurrentUser)(own.json()).ok).toBe(true);
    expect(own.json()).toMatchObject({
      id: account.id,
      email: "self@clinic.test",
      role: { code_name: "staff", title: "Speech-language pathologist" },
      institution: { id: account.institutionId },
      phone: "********0188",
      permissions: { dashboard: ["dashboard"], patient: expect.arrayContaining(["list", "retrieve"]) },
    });
    expect((await me(t, session.access)).json()).toEqual(own.json());

    for (const id of [superAdmin.id, 999_999]) {
      const other = await t.app.inject({ url: `/api/users/${id}/`, headers: withBearer(session.access) });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ code: "ERROR_001", detail: null });
    }
    expect((await t.app.inject({ url: "/api/users/abc/", headers: withBearer(session.access) })).statusCode).toBe(400);
    expect((await auditFor(t, account.id)).filter((row) => row.action === "read" && row.outcome === "denied")).toHaveLength(2);

    const root = await signIn(t, superAdmin);
    expect((await me(t, root.access)).json()).toMatchObject({ role: { code_name: "super_admin" }, institution: null });
  });

  it("names every event and never stores a password, code or token in the audit trail", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "audited@clinic.test", changePassword: true });
    const secrets: string[] = [PASSWORD, NEW_PASSWORD, "Wrong-Secret-Password-3"];
    await postPreAuth(t, "not-a-token", "change_pwd/", {});
    expect((await t.app.inject({ method: "POST", url: `${AUTH}/login_web/`, headers: { ...API_KEY_HEADER, authorization: `Basic ${Buffer.from(`${account.email}:Wrong-Secret-Password-3`).toString("base64")}` } })).statusCode).toBe(401);
    const token = await preAuthToken(t, account);
    secrets.push(token);
    await postPreAuth(t, token, "change_pwd/", { old_password: PASSWORD, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD });
    const session = await signIn(t, { ...account, password: NEW_PASSWORD });
    secrets.push(session.access, session.refresh, session.preAuth);
    const next = await rotated(t, session.refresh);
    secrets.push(next.access, next.refresh);
    await refresh(t, session.refresh);
    await logout(t, next.refresh);
    await t.app.inject({ method: "POST", url: `${AUTH}/forgot_password/`, headers: API_KEY_HEADER, payload: { email: account.email } });

    const messages = await t.database.db.select({ body: outboxMessages.body }).from(outboxMessages);
    for (const { body } of messages) {
      secrets.push(...(body.match(/\b\d{6}\b/g) ?? []), ...(body.match(/token=(\S+)/)?.slice(1) ?? []));
    }
    const rows = await auditRows(t);
    const trail = JSON.stringify(rows);
    for (const secret of secrets) expect(trail.includes(secret), `audit trail holds a secret of length ${secret.length}`).toBe(false);
    const names = new Set((await auditFor(t, account.id)).map((row) => row.action));
    for (const name of ["auth.password", "auth.password_change", "auth.code_sent", "auth.mfa", "auth.refresh_reuse", "auth.password_reset_request"]) {
      expect(names).toContain(name);
    }
    for (const row of rows) {
      expect(row.occurredAt).toBeInstanceOf(Date);
      expect(row.ip).toBe("127.0.0.1");
      expect(["success", "denied", "failure"]).toContain(row.outcome);
    }
  });
});
