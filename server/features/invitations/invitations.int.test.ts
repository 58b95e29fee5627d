import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_LIFETIME_MS } from "../../../domain/invitations/index.ts";
import { NEW_PASSWORD, login, newestCode, newestMessage, postPreAuth, verify } from "../../auth/auth.test-helper.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { testConfig } from "../../config.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { invitations } from "../../db/schema/invitations.ts";
import { staff, users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { API_KEY_HEADER } from "../../test-app.test-helper.ts";

// The invitation's whole path through the real routes (docs/invitations.md): an administrator
// invites an SLP, the e-mail carries the link, the landing page looks it up and accepts it with a
// first password, the person signs in, sets up a second factor and is active. Links work once,
// for 72 hours, die when a new one is sent or when withdrawn, and only their HMAC is stored.
const SETUP_TIMEOUT = 180_000;

type Answer = { state: string; email?: string; first_name?: string; last_name?: string; institution_name?: string; expires_at?: string };

describe.each(TEST_DRIVERS)("invitation acceptance on %s", (driver) => {
  let world: PatientsWorld;
  let counter = 0;

  const asAdmin = (method: "POST" | "DELETE", url: string, body?: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers.admin, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  /** Invites a new SLP through POST staff/ and answers their id, address and the link's token from the e-mail. */
  const invite = async (first = "Iris", last = "Vale"): Promise<{ id: number; email: string; token: string; link: string }> => {
    counter += 1;
    const email = `invitee.${counter}@clinic.test`;
    const created = await asAdmin("POST", "/api/staff/", { first_name: first, last_name: last, email, role: "staff" });
    expect(created.statusCode, created.body).toBe(201);
    const link = /(\S+\/auth\/invitation\?token=\S+)/.exec((await newestMessage(world.t, email))?.body ?? "")?.[1] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThan(20);
    return { id: (created.json() as { id: number }).id, email, token, link };
  };
  const lookup = async (token: string): Promise<Answer> => {
    const response = await world.t.app.inject({ method: "POST", url: "/api/invitations/lookup/", headers: API_KEY_HEADER, payload: { token } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Answer;
  };
  const accept = (token: string, password: string, confirmation = password) =>
    world.t.app.inject({ method: "POST", url: "/api/invitations/accept/", headers: API_KEY_HEADER, payload: { token, new_password: password, new_password_confirmation: confirmation } });
  const expectCode = (response: LightMyRequestResponse, status: number, code: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect((response.json() as { code: string }).code, response.body).toBe(code);
  };
  const staffStatus = async (id: number) => (await world.t.database.db.select({ status: staff.status }).from(staff).where(eq(staff.id, id)))[0]?.status;

  beforeAll(async () => {
    world = await patientsWorld(driver, "invite");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  it("goes from invitation to an active SLP: link in the e-mail, lookup, password rules, accept, sign-in, second factor set up, active", async () => {
    const { id, email, token, link } = await invite();
    expect(link.startsWith(`${testConfig().publicUrl}/auth/invitation?token=`)).toBe(true);
    const [clinic] = await world.t.database.db.select({ name: institutions.name }).from(institutions).where(eq(institutions.id, world.clinic));
    const open = await lookup(token);
    expect(open).toMatchObject({ state: "open", email, first_name: "Iris", last_name: "Vale", institution_name: clinic?.name });
    expect(Date.parse(open.expires_at ?? "")).toBe(world.t.clock.now().getTime() + INVITATION_LIFETIME_MS);

    expectCode(await accept(token, "short1!"), 400, "ERROR_006");
    expectCode(await accept(token, "password1234"), 400, "ERROR_007");
    expectCode(await accept(token, NEW_PASSWORD, `${NEW_PASSWORD}x`), 400, "ERROR_008");
    expect((await lookup(token)).state).toBe("open");
    expectCode(await login(world.t, email, NEW_PASSWORD), 401, "ERROR_005");

    const accepted = await accept(token, NEW_PASSWORD);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ email });
    expect(await staffStatus(id)).toBe("pending");

    const signedIn = await login(world.t, email, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token: preAuth, user } = signedIn.json() as { token: string; user: { change_password: boolean; mfa_methods: string[]; default_mfa_method: string | null } };
    expect(user).toMatchObject({ change_password: false, mfa_methods: [], default_mfa_method: null });
    const enrol = await postPreAuth(world.t, preAuth, "totp/create_mfa/", { mfa_option: "email" });
    expect(enrol.statusCode, enrol.body).toBe(204);
    expect(await staffStatus(id)).toBe("pending");
    const verified = await verify(world.t, preAuth, "email", await newestCode(world.t, email));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ user: { mfa_methods: ["email"], default_mfa_method: "email" } });
    expect(await staffStatus(id)).toBe("active");
    const record = await world.t.app.inject({ url: `/api/staff/${id}/`, headers: world.headers.admin });
    expect(record.json()).toMatchObject({ status: "active", invitation: null });
  });

  it("works once: a second accept is ERROR_056 and the lookup says used", async () => {
    const { token } = await invite();
    expect((await accept(token, NEW_PASSWORD)).statusCode).toBe(200);
    expectCode(await accept(token, "Another-Orchid-Harbor-55"), 400, "ERROR_056");
    expect(await lookup(token)).toEqual({ state: "used" });
  });

  it("dies when a new link is sent (old: revoked, refused) and when withdrawn", async () => {
    const resent = await invite();
    world.t.clock.advance(61_000);
    const response = await asAdmin("POST", `/api/staff/${resent.id}/invitation/`, {});
    expect(response.statusCode, response.body).toBe(200);
    const fresh = /\/auth\/invitation\?token=(\S+)/.exec((await newestMessage(world.t, resent.email))?.body ?? "")?.[1] ?? "";
    expect(decodeURIComponent(fresh)).not.toBe(resent.token);
    expect(await lookup(resent.token)).toEqual({ state: "revoked" });
    expectCode(await accept(resent.token, NEW_PASSWORD), 400, "ERROR_056");
    expect((await lookup(decodeURIComponent(fresh))).state).toBe("open");

    const withdrawn = await invite();
    expect((await asAdmin("DELETE", `/api/staff/${withdrawn.id}/invitation/`)).statusCode).toBe(200);
    expect(await lookup(withdrawn.token)).toEqual({ state: "revoked" });
    expectCode(await accept(withdrawn.token, NEW_PASSWORD), 400, "ERROR_056");
  });

  it("stores only a hash: no invitation row holds a token's text", async () => {
    const issued = [await invite(), await invite()];
    const rows = await world.t.database.db.select().from(invitations);
    expect(rows.length).toBeGreaterThanOrEqual(issued.length);
    const dump = JSON.stringify(await world.t.database.db.execute(sql`select * from invitations`));
    for (const { token, email } of issued) {
      expect(dump).not.toContain(token);
      const [row] = await world.t.database.db.select({ tokenHash: invitations.tokenHash }).from(invitations).innerJoin(users, eq(users.id, invitations.userId)).where(eq(users.email, email));
      expect(row?.tokenHash).toBeDefined();
      expect(row?.tokenHash).not.toBe(token);
    }
  });

  it("knows nothing of an unknown token: the lookup says unknown, accept is refused", async () => {
    expect(await lookup("not-a-token-anyone-was-sent-0123456789abcdef")).toEqual({ state: "unknown" });
    expectCode(await accept("not-a-token-anyone-was-sent-0123456789abcdef", NEW_PASSWORD), 400, "ERROR_056");
  });

  // Last: the clock moves three days, past every session of the world's people.
  it("expires after 72 hours: the lookup says expired and accept is refused", async () => {
    const { token, email } = await invite();
    world.t.clock.advance(INVITATION_LIFETIME_MS - 60_000);
    expect((await lookup(token)).state).toBe("open");
    world.t.clock.advance(60_000);
    expect(await lookup(token)).toEqual({ state: "expired" });
    expectCode(await accept(token, NEW_PASSWORD), 400, "ERROR_056");
    expectCode(await login(world.t, email, NEW_PASSWORD), 401, "ERROR_005");
  });
});
