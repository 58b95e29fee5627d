import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, type TestAccount, createAccount, login, me, signIn } from "../../auth/auth.test-helper.ts";
import { API_KEY_HEADER } from "../../test-app.test-helper.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { administrators, users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import type { PatientsWorld } from "../../clinic-world.test-helper.ts";
import {
  type AdministratorPage,
  type AdministratorRecord,
  administrationWorld,
  caller,
  expectFailure,
  lastAdministratorAudit,
  linkState,
  mailsTo,
  newestLinkToken,
} from "./administrators.test-helper.ts";

// Activate, inactivate and delete (ERROR_050 by status; the institution's last active institution
// administrator is kept, also when two requests race; nobody changes their own status), sessions
// and links ending, the soft delete, stale versions, and resending (a minute apart) and
// withdrawing a pending administrator's link.
const SETUP_TIMEOUT = 180_000;
const MINUTE = 60_000;

describe.each(TEST_DRIVERS)("administrators' statuses and invitations on %s", (driver) => {
  let world: PatientsWorld;
  let call: ReturnType<typeof caller>;
  let counter = 0;

  beforeAll(async () => {
    world = await administrationWorld(driver, "statuses");
    call = caller(world);
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  /** An active institution administrator of an institution, signed in as nobody else. */
  const colleague = async (institutionId: number): Promise<TestAccount & { administratorId: number }> => {
    counter += 1;
    const account = await createAccount(world.t, { email: `colleague.${counter}@clinic.test`, role: "institution_admin" });
    const db = world.t.database.db;
    await db.update(users).set({ institutionId }).where(eq(users.id, account.id));
    const [row] = await db.update(administrators).set({ institutionId }).where(eq(administrators.userId, account.id)).returning({ id: administrators.id });
    return { ...account, institutionId, administratorId: row?.id ?? 0 };
  };
  const invite = async (): Promise<AdministratorRecord> => {
    counter += 1;
    const response = await call("admin", "POST", "/api/administrators/", { first_name: "Pia", last_name: "Lund", email: `pending.${counter}@clinic.test`, institution: world.clinic, role: "staff_admin" });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as AdministratorRecord;
  };
  const record = async (id: number): Promise<AdministratorRecord> => (await call("superAdmin", "GET", `/api/administrators/${id}/`)).json() as AdministratorRecord;
  const idOf = async (email: string): Promise<number> => {
    const [row] = await world.t.database.db.select({ id: administrators.id }).from(administrators).innerJoin(users, eq(users.id, administrators.userId)).where(eq(users.email, email));
    return row?.id ?? 0;
  };

  it("refuses anyone's change of their own status (403)", async () => {
    const self = await idOf(world.accounts.admin.email);
    for (const [method, action] of [["PUT", "inactivate/"], ["PUT", "activate/"], ["DELETE", "delete/"]] as const) {
      expectFailure(await call("admin", method, `/api/administrators/${self}/${action}`), 403, "ERROR_001");
    }
    expect(await lastAdministratorAudit(world)).toMatchObject({ action: "delete", outcome: "denied", reason: "own_status" });
    expect((await record(self)).status).toBe("active");
  });

  it("keeps the institution's last active institution administrator (ERROR_050)", async () => {
    const self = await idOf(world.accounts.admin.email);
    expect((await record(self)).last_active_administrator).toBe(true);
    const refused = expectFailure(await call("superAdmin", "PUT", `/api/administrators/${self}/inactivate/`), 400, "ERROR_050");
    expect(refused.message).toContain("active");
    expect(await lastAdministratorAudit(world)).toMatchObject({ action: "inactivate", outcome: "failure", reason: "last_active_administrator" });
    expect((await record(self)).status).toBe("active");
  });

  it("inactivates an administrator: their sessions end, they cannot sign in, and activating brings them back", async () => {
    const target = await colleague(world.clinic);
    const session = await signIn(world.t, target);
    expect((await me(world.t, session.access)).statusCode).toBe(200);
    const self = await idOf(world.accounts.admin.email);
    expect((await record(self)).last_active_administrator).toBe(false);

    const before = await record(target.administratorId);
    const response = await call("admin", "PUT", `/api/administrators/${target.administratorId}/inactivate/`, { version: before.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "archived", version: before.version + 1 });
    expect(await lastAdministratorAudit(world)).toMatchObject({ action: "inactivate", resourceId: String(target.administratorId), outcome: "success" });
    expect((await me(world.t, session.access)).statusCode).toBe(401);
    expect((await login(world.t, target.email, target.password)).statusCode).not.toBe(200);
    expectFailure(await call("admin", "PUT", `/api/administrators/${target.administratorId}/inactivate/`), 400, "ERROR_050");
    // A stale activation changes nothing.
    expectFailure(await call("admin", "PUT", `/api/administrators/${target.administratorId}/activate/`, undefined, { "if-match": `"${before.version}"` }), 412, "ERROR_056");

    const activated = await call("admin", "PUT", `/api/administrators/${target.administratorId}/activate/`, undefined, { "if-match": `"${before.version + 1}"` });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ status: "active", last_active_administrator: false });
    expect((await login(world.t, target.email, target.password)).statusCode).toBe(200);
  });

  it("deletes only a pending or inactive administrator, softly: gone from answers and sign-in, kept in the audit trail", async () => {
    const target = await colleague(world.clinic);
    expectFailure(await call("admin", "DELETE", `/api/administrators/${target.administratorId}/delete/`), 400, "ERROR_050");
    expect((await call("admin", "PUT", `/api/administrators/${target.administratorId}/inactivate/`)).statusCode).toBe(200);
    const deleted = await call("admin", "DELETE", `/api/administrators/${target.administratorId}/delete`);
    expect(deleted.statusCode, deleted.body).toBe(204);

    expectFailure(await call("admin", "GET", `/api/administrators/${target.administratorId}/`), 404, "ERROR_030");
    expectFailure(await call("admin", "PUT", `/api/administrators/${target.administratorId}/activate/`), 404, "ERROR_030");
    const list = (await call("admin", "GET", "/api/administrators/?page_size=100")).json() as AdministratorPage;
    expect(list.results.some((row) => row.id === target.administratorId)).toBe(false);
    expect((await login(world.t, target.email, target.password)).statusCode).not.toBe(200);
    const [user] = await world.t.database.db.select({ archivedAt: users.archivedAt }).from(users).where(eq(users.id, target.id));
    expect(user?.archivedAt).not.toBeNull();
    const trail = await world.t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, "administrator"), eq(auditEvents.resourceId, String(target.administratorId)), eq(auditEvents.outcome, "success")));
    expect(trail.map((row) => row.action)).toEqual(["inactivate", "delete"]);

    // A pending one is deleted straight away, and its link dies with it.
    const pending = await invite();
    const token = await newestLinkToken(world, pending.email);
    expect((await call("admin", "DELETE", `/api/administrators/${pending.id}/delete/`)).statusCode).toBe(204);
    expect(["revoked", "unknown"]).toContain(await linkState(world, token));
  });

  // Issue 31: activating a pending administrator who never accepted used to make them active
  // without a password; only the invitation may do that.
  it("refuses to activate a pending administrator who never accepted (ERROR_050, pending, nothing changes); activates one who did", async () => {
    const pending = await invite();
    const refused = await call("admin", "PUT", `/api/administrators/${pending.id}/activate/`);
    expectFailure(refused, 400, "ERROR_050");
    expect(refused.json()).toMatchObject({ message: "The action is not allowed for the current status: pending", detail: { field: "status" } });
    expect(await lastAdministratorAudit(world)).toMatchObject({ action: "activate", outcome: "failure", reason: "no_password" });
    expect(await record(pending.id)).toMatchObject({ status: "pending", version: pending.version, invitation: { state: "open" } });

    const accepted = await world.t.app.inject({
      method: "POST",
      url: "/api/invitations/accept/",
      headers: { ...API_KEY_HEADER, "content-type": "application/json" },
      payload: JSON.stringify({ token: await newestLinkToken(world, pending.email), new_password: PASSWORD, new_password_confirmation: PASSWORD }),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const activated = await call("admin", "PUT", `/api/administrators/${pending.id}/activate/`);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ status: "active" });
  });

  it("inactivating a pending administrator withdraws their link", async () => {
    const pending = await invite();
    const token = await newestLinkToken(world, pending.email);
    const response = await call("admin", "PUT", `/api/administrators/${pending.id}/inactivate/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "archived", invitation: null });
    expect(await linkState(world, token)).toBe("revoked");
  });

  it("resends a pending administrator's link a minute after the last one; the old link dies", async () => {
    const pending = await invite();
    const oldToken = await newestLinkToken(world, pending.email);
    expectFailure(await call("admin", "POST", `/api/administrators/${pending.id}/invitation/`), 429, "ERROR_012");
    expect((await mailsTo(world, pending.email)).length).toBe(1);

    world.t.clock.advance(MINUTE + 1000);
    const response = await call("admin", "POST", `/api/administrators/${pending.id}/invitation/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "pending", invitation: { state: "open" }, version: pending.version + 1 });
    expect(await lastAdministratorAudit(world)).toMatchObject({ action: "resend_invitation", resourceId: String(pending.id), outcome: "success" });
    expect((await mailsTo(world, pending.email)).length).toBe(2);
    const newToken = await newestLinkToken(world, pending.email);
    expect(await linkState(world, oldToken)).toBe("revoked");
    expect(await linkState(world, newToken)).toBe("open");
    // A resend from a version the record has left sends nothing.
    world.t.clock.advance(MINUTE + 1000);
    expectFailure(await call("admin", "POST", `/api/administrators/${pending.id}/invitation/`, { version: pending.version }), 412, "ERROR_056");
    expect((await mailsTo(world, pending.email)).length).toBe(2);
    expect(await linkState(world, newToken)).toBe("open");

    const self = await idOf(world.accounts.admin.email);
    expectFailure(await call("superAdmin", "POST", `/api/administrators/${self}/invitation/`), 400, "ERROR_050");

    // Once the link is used the person has a password: no second link, though they are still pending until they sign in.
    const accepted = await world.t.app.inject({
      method: "POST",
      url: "/api/invitations/accept/",
      headers: { ...API_KEY_HEADER, "content-type": "application/json" },
      payload: JSON.stringify({ token: newToken, new_password: PASSWORD, new_password_confirmation: PASSWORD }),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    world.t.clock.advance(MINUTE + 1000);
    expect((await record(pending.id)).status).toBe("pending");
    expectFailure(await call("admin", "POST", `/api/administrators/${pending.id}/invitation/`), 400, "ERROR_050");
    expect((await mailsTo(world, pending.email)).length).toBe(2);
  });

  it("withdraws an open link; the account stays pending, and a second withdrawal or an active account is ERROR_050", async () => {
    const pending = await invite();
    const token = await newestLinkToken(world, pending.email);
    const response = await call("admin", "DELETE", `/api/administrators/${pending.id}/invitation/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "pending", invitation: { state: "revoked" }, version: pending.version + 1 });
    expect(await linkState(world, token)).toBe("revoked");
    expectFailure(await call("admin", "DELETE", `/api/administrators/${pending.id}/invitation/`), 400, "ERROR_050");
    const self = await idOf(world.accounts.admin.email);
    expectFailure(await call("superAdmin", "DELETE", `/api/administrators/${self}/invitation/`), 400, "ERROR_050");

    world.t.clock.advance(MINUTE + 1000);
    expect(((await call("admin", "POST", `/api/administrators/${pending.id}/invitation/`)).json() as AdministratorRecord).invitation?.state).toBe("open");
  });

  it("leaves one active institution administrator when all of them are inactivated at once", async () => {
    const institutionId = world.otherClinic;
    for (let index = 0; index < 4; index += 1) await colleague(institutionId);
    const activeOf = async () =>
      ((await call("superAdmin", "GET", `/api/administrators/?institution=${institutionId}&page_size=100`)).json() as AdministratorPage).results.filter(
        (row) => row.status === "active" && row.role.code_name === "institution_admin",
      );
    const everyone = await activeOf();
    expect(everyone.length).toBe(5);
    const answers = await Promise.all(everyone.map((row) => call("superAdmin", "PUT", `/api/administrators/${row.id}/inactivate/`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)?.json()).toMatchObject({ code: "ERROR_050" });
    const left = await activeOf();
    expect(left.length).toBe(1);
    expect(left[0]?.last_active_administrator).toBe(true);
  });
});
