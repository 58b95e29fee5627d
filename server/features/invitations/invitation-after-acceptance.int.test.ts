import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_PASSWORD, login, newestMessage } from "../../auth/auth.test-helper.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { invitations } from "../../db/schema/invitations.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { API_KEY_HEADER } from "../../test-app.test-helper.ts";

// Issue 31 item 5: once a pending person accepted their invitation they have a password, and no
// invitation may be issued for them again (docs/invitations.md). Changing their address then
// keeps their password and status and sends no password-setting link; the used link stays dead;
// a resend is ERROR_050. The same for SLPs and administrators.
const SETUP_TIMEOUT = 180_000;

type Kind = { readonly name: string; readonly path: string; readonly body: (email: string, institution: number) => Record<string, unknown> };

const KINDS: readonly Kind[] = [
  { name: "an SLP", path: "/api/staff/", body: (email) => ({ first_name: "Iris", last_name: "Vale", email, role: "staff" }) },
  { name: "an administrator", path: "/api/administrators/", body: (email, institution) => ({ first_name: "Pia", last_name: "Lund", email, institution, role: "staff_admin" }) },
];

describe.each(TEST_DRIVERS)("no invitation after acceptance on %s", (driver) => {
  let world: PatientsWorld;
  let counter = 0;

  const asAdmin = (method: "POST" | "PATCH", url: string, body: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({ method, url, headers: { ...world.headers.admin, "content-type": "application/json" }, payload: JSON.stringify(body) });
  const tokenIn = async (email: string): Promise<string | undefined> => {
    const link = /(\S+\/auth\/invitation\?token=\S+)/.exec((await newestMessage(world.t, email))?.body ?? "")?.[1];
    return link === undefined ? undefined : (new URL(link).searchParams.get("token") ?? undefined);
  };
  const accept = (token: string, password: string) =>
    world.t.app.inject({ method: "POST", url: "/api/invitations/accept/", headers: API_KEY_HEADER, payload: { token, new_password: password, new_password_confirmation: password } });
  const linksOf = async (email: string) => world.t.database.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.email, email));

  /** Invites a new person of this kind and has them accept with NEW_PASSWORD: their record's id, address and the used token. */
  const acceptedPerson = async (kind: Kind) => {
    counter += 1;
    const email = `accepted.${counter}@clinic.test`;
    const created = await asAdmin("POST", kind.path, kind.body(email, world.clinic));
    expect(created.statusCode, created.body).toBe(201);
    const token = (await tokenIn(email)) ?? "";
    const accepted = await accept(token, NEW_PASSWORD);
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { id: (created.json() as { id: number }).id, email, token };
  };

  beforeAll(async () => {
    world = await patientsWorld(driver, "after-accept");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  describe.each(KINDS)("$name", (kind) => {
    it("changing the address after acceptance issues no link; the used link fails; the owner's password still works at the new address", async () => {
      const { id, email, token } = await acceptedPerson(kind);
      const newEmail = `moved.${counter}@clinic.test`;
      const changed = await asAdmin("PATCH", `${kind.path}${id}/`, { email: newEmail });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ email: newEmail, status: "pending" });

      expect(await linksOf(newEmail)).toEqual([]);
      expect(await tokenIn(newEmail)).toBeUndefined();
      const again = await accept(token, "Another-Orchid-Harbor-55");
      expect(again.statusCode, again.body).toBe(400);
      expect((again.json() as { code: string }).code).toBe("ERROR_056");

      const owner = await login(world.t, newEmail, NEW_PASSWORD);
      expect(owner.statusCode, owner.body).toBe(200);
      expect((await login(world.t, email, NEW_PASSWORD)).statusCode).toBe(401);
    });

    it("a resend after acceptance is ERROR_050 (status used) and issues no link", async () => {
      const { id, email } = await acceptedPerson(kind);
      world.t.clock.advance(61_000);
      const before = (await linksOf(email)).length;
      const resent = await asAdmin("POST", `${kind.path}${id}/invitation/`, {});
      expect(resent.statusCode, resent.body).toBe(400);
      expect(resent.json()).toMatchObject({ code: "ERROR_050" });
      expect((await linksOf(email)).length).toBe(before);
      expect((await login(world.t, email, NEW_PASSWORD)).statusCode).toBe(200);
    });
  });
});
