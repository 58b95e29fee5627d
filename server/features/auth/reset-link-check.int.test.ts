import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import { AUTH, NEW_PASSWORD, auditFor, createAccount, newestMessage, pastIpWindows, preAuthToken, signIn } from "../../auth/auth.test-helper.ts";

const MINUTE = 60_000;

const check = (t: TestApp, token: unknown, authorization?: string) =>
  t.app.inject({
    method: "POST",
    url: `${AUTH}/reset_password/check/`,
    headers: authorization === undefined ? API_KEY_HEADER : { ...API_KEY_HEADER, authorization },
    payload: { token },
  });

const forgot = (t: TestApp, email: string) =>
  t.app.inject({ method: "POST", url: `${AUTH}/forgot_password/`, headers: API_KEY_HEADER, payload: { email } });

const reset = (t: TestApp, token: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: `${AUTH}/reset_password/`,
    headers: API_KEY_HEADER,
    payload: { token, new_password: password, new_password_confirmation: password },
  });

const emailedToken = async (t: TestApp, email: string): Promise<string> => {
  const body = (await newestMessage(t, email))?.body ?? "";
  const link = /\/auth\/email-confirmation\?token=(\S+)/.exec(body);
  if (link?.[1] === undefined) throw new Error("no reset link");
  return decodeURIComponent(link[1]);
};

/** A refusal without its request id: what a caller could compare between two dead links. */
const refusalOf = (response: { statusCode: number; json: () => unknown }) => {
  const { id: _id, ...rest } = response.json() as Record<string, unknown>;
  return { status: response.statusCode, ...rest };
};

// Issue 31 item 17: the reset page asks whether its link works before it shows a form.
describe.each(TEST_DRIVERS)("reset_password/check (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it("answers 204 for a working link and uses nothing up: the same link then resets the password", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "checker@clinic.test" });
    await forgot(t, account.email);
    const token = await emailedToken(t, account.email);
    const first = await check(t, token);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe("");
    expect((await check(t, token)).statusCode).toBe(204);
    expect((await reset(t, token, NEW_PASSWORD)).statusCode).toBe(204);
    const rows = (await auditFor(t, account.id)).filter((row) => row.action === "auth.password_reset_check");
    expect(rows.map((row) => row.outcome)).toEqual(["success", "success"]);
  });

  it("refuses a used, an expired, a replaced and an unknown link with one and the same ERROR_056, naming no one", async () => {
    pastIpWindows(t);
    const used = await createAccount(t, { email: "used-link@clinic.test" });
    await forgot(t, used.email);
    const usedToken = await emailedToken(t, used.email);
    expect((await reset(t, usedToken, NEW_PASSWORD)).statusCode).toBe(204);

    const late = await createAccount(t, { email: "late-link@clinic.test" });
    await forgot(t, late.email);
    const replacedToken = await emailedToken(t, late.email);
    t.clock.advance(MINUTE);
    await forgot(t, late.email);
    const expiredToken = await emailedToken(t, late.email);
    t.clock.advance(30 * MINUTE);

    const answers = await Promise.all([usedToken, expiredToken, replacedToken, "made-up-token"].map((token) => check(t, token)));
    const refusals = answers.map(refusalOf);
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 400, code: "ERROR_056", detail: { field: "token" } });
    expect(new Set(refusals.map((refusal) => JSON.stringify(refusal))).size).toBe(1);
    expect(JSON.stringify(refusals[0])).not.toMatch(/used-link|late-link|expired|used_token/);

    const reasons = (await auditFor(t, late.id)).filter((row) => row.action === "auth.password_reset_check").map((row) => row.reason);
    expect(reasons).toEqual(expect.arrayContaining(["expired_token"]));
  });

  it("refuses a link whose account was archived since it was sent", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "gone-since@clinic.test" });
    await forgot(t, account.email);
    const token = await emailedToken(t, account.email);
    await t.database.db.update(users).set({ archivedAt: t.clock.now() }).where(eq(users.id, account.id));
    expect((await check(t, token)).json()).toMatchObject({ code: "ERROR_056" });
  });

  it("answers a caller with a pre-authentication token or someone else's session exactly as an anonymous one: the link decides, not the caller", async () => {
    pastIpWindows(t);
    const owner = await createAccount(t, { email: "link-owner@clinic.test" });
    const stranger = await createAccount(t, { email: "stranger-session@clinic.test" });
    await forgot(t, owner.email);
    const token = await emailedToken(t, owner.email);
    const preAuth = await preAuthToken(t, stranger);
    const session = await signIn(t, stranger);
    for (const authorization of [`Token ${preAuth}`, `Bearer ${session.access}`, "Bearer forged.token.value"]) {
      expect((await check(t, token, authorization)).statusCode, authorization.slice(0, 6)).toBe(204);
      expect(refusalOf(await check(t, "made-up-token", authorization))).toEqual(refusalOf(await check(t, "made-up-token")));
    }
    // Still unused: the owner's reset works.
    expect((await reset(t, token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it("answers garbage with a catalogued 400, never a 500", async () => {
    pastIpWindows(t);
    const garbage: unknown[] = ["", " ", "x".repeat(10_000), 42, null, ["a"], { token: "a" }, "\u0000", "'; DROP TABLE users; --"];
    for (const token of garbage) {
      const answer = await check(t, token);
      expect(answer.statusCode, JSON.stringify(token).slice(0, 40)).toBe(400);
      expect(answer.json().code).toMatch(/^ERROR_\d{3}$/);
    }
    const noBody = await t.app.inject({ method: "POST", url: `${AUTH}/reset_password/check/`, headers: API_KEY_HEADER });
    expect(noBody.statusCode).toBe(400);
  });

  it("limits checks to 30 per IP in 15 minutes, like its neighbours (HTTP 429 is ERROR_012)", async () => {
    pastIpWindows(t);
    for (let i = 0; i < 30; i += 1) expect((await check(t, `made-up-${String(i)}`)).statusCode).toBe(400);
    const limited = await check(t, "one-more");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "ERROR_012" });
  });
});
