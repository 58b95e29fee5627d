import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_PASSWORD, createAccount, me, signIn } from "../../auth/auth.test-helper.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { invitations } from "../../db/schema/invitations.ts";
import { patients } from "../../db/schema/patients.ts";
import { staff, users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type StaffBody, accept, callAs, expectFailure, givePatients, lookup, newestInvitationToken } from "./staff.test-helper.ts";

// An SLP's status (activate, inactivate, delete) with the caseload handover: the patients move to
// the named successor in the same transaction as the status change, or nothing happens; leaving
// ends the SLP's sessions and links. And a pending SLP's link: resend (old one dies, a minute
// apart) and revoke.
const SETUP_TIMEOUT = 180_000;

describe.each(TEST_DRIVERS)("SLP status and invitations on %s", (driver) => {
  let world: PatientsWorld;
  let call: ReturnType<typeof callAs>;
  let counter = 0;

  /** A new SLP in the clinic through the route (pending), optionally activated. */
  const newSlp = async (status: "pending" | "active" | "inactive" = "pending"): Promise<StaffBody> => {
    counter += 1;
    const created = await call("admin", "POST", "/api/staff/", { first_name: "Lee", last_name: `Slp${counter}`, email: `status.slp.${counter}@clinic.test`, role: "staff" });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json() as StaffBody;
    if (status !== "pending") await world.t.database.db.update(staff).set({ status }).where(eq(staff.id, body.id));
    return (await call("admin", "GET", `/api/staff/${body.id}/`)).json() as StaffBody;
  };
  const assignedTo = async (ids: readonly number[]) =>
    (await world.t.database.db.select({ staffId: patients.assignedStaffId, version: patients.version }).from(patients).where(inArray(patients.id, [...ids])).orderBy(patients.id));

  beforeAll(async () => {
    world = await patientsWorld(driver, "slpstatus");
    call = callAs(world);
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  // Issue 31: activating a pending SLP who never accepted used to make them active without a
  // password; only the invitation may do that, so it is ERROR_050 (pending) until they accept.
  it("refuses to activate a pending SLP who never accepted (ERROR_050, pending, nothing changes); activates one who did; refuses an active one (ERROR_050)", async () => {
    const slp = await newSlp();
    const refused = await call("staffAdmin", "PUT", `/api/staff/${slp.id}/activate/`);
    expectFailure(refused, 400, "ERROR_050", "status");
    expect(refused.json()).toMatchObject({ message: "The action is not allowed for the current status: pending" });
    expect((await call("admin", "GET", `/api/staff/${slp.id}/`)).json()).toMatchObject({ status: "pending", version: slp.version, invitation: { state: "open" } });
    const accepted = await accept(world.t, await newestInvitationToken(world.t, slp.email), NEW_PASSWORD);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const response = await call("staffAdmin", "PUT", `/api/staff/${slp.id}/activate/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "active", invitation: null, version: slp.version + 1 });
    expectFailure(await call("staffAdmin", "PUT", `/api/staff/${slp.id}/activate/`, {}), 400, "ERROR_050");
  });

  it("refuses to inactivate an SLP with patients without a valid successor, and moves nothing", async () => {
    const leaving = await newSlp("active");
    const inactive = await newSlp("inactive");
    const caseload = await givePatients(world, leaving.id, ["active", "pending", "inactive"]);
    const url = `/api/staff/${leaving.id}/inactivate/`;
    expectFailure(await call("admin", "PUT", url, {}), 400, "ERROR_050", "reassign_to");
    expectFailure(await call("admin", "PUT", url, { reassign_to: world.foreignStaffId }), 400, "ERROR_030", "reassign_to");
    expectFailure(await call("admin", "PUT", url, { reassign_to: 99_999_999 }), 400, "ERROR_030", "reassign_to");
    expectFailure(await call("admin", "PUT", url, { reassign_to: leaving.id }), 400, "ERROR_052", "reassign_to");
    expectFailure(await call("admin", "PUT", url, { reassign_to: inactive.id }), 400, "ERROR_052", "reassign_to");
    expect((await assignedTo(caseload)).map((row) => row.staffId)).toEqual([leaving.id, leaving.id, leaving.id]);
    const now = (await call("admin", "GET", `/api/staff/${leaving.id}/`)).json() as StaffBody;
    expect(now).toMatchObject({ status: "active", version: leaving.version, caseload: { patients: 3, active_patients: 1 } });
  });

  it("inactivates with a handover: every patient moves in one go (versions bumped, one audit row each), the SLP's sessions end", async () => {
    const account = await createAccount(world.t, { email: "leaving.signed.in@clinic.test", role: "staff" });
    await world.t.database.db.update(staff).set({ institutionId: world.clinic }).where(eq(staff.userId, account.id));
    await world.t.database.db.update(users).set({ institutionId: world.clinic }).where(eq(users.id, account.id));
    const [row] = await world.t.database.db.select({ id: staff.id, version: staff.version }).from(staff).where(eq(staff.userId, account.id));
    const leavingId = row?.id ?? 0;
    const session = await signIn(world.t, account);
    expect((await me(world.t, session.access)).statusCode).toBe(200);
    const caseload = await givePatients(world, leavingId, ["active", "active", "pending", "inactive"]);
    const before = await assignedTo(caseload);
    const response = await call("admin", "PUT", `/api/staff/${leavingId}/inactivate/`, { reassign_to: world.otherSlpStaffId, version: row?.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "inactive", caseload: { patients: 0, active_patients: 0 } });
    const after = await assignedTo(caseload);
    expect(after.map((one) => one.staffId)).toEqual(caseload.map(() => world.otherSlpStaffId));
    expect(after.map((one) => one.version)).toEqual(before.map((one) => one.version + 1));
    const moved = await world.t.database.db.select({ resourceId: auditEvents.resourceId, outcome: auditEvents.outcome }).from(auditEvents).where(and(eq(auditEvents.action, "reassign"), eq(auditEvents.resource, "patient"), inArray(auditEvents.resourceId, caseload.map(String))));
    expect(moved.map((one) => one.resourceId).sort()).toEqual(caseload.map(String).sort());
    expect((await me(world.t, session.access)).statusCode).toBe(401);
  });

  it("refuses a stale status change with 412 and moves nothing", async () => {
    const leaving = await newSlp("active");
    const caseload = await givePatients(world, leaving.id, ["active"]);
    expectFailure(await call("admin", "PUT", `/api/staff/${leaving.id}/inactivate/`, { reassign_to: world.otherSlpStaffId, version: leaving.version + 3 }), 412, "ERROR_056", "version");
    expectFailure(await call("admin", "PUT", `/api/staff/${leaving.id}/inactivate/`, { reassign_to: world.otherSlpStaffId }, { "if-match": `"${leaving.version - 1 || 9}"` }), 412, "ERROR_056", "version");
    expect((await assignedTo(caseload)).map((one) => one.staffId)).toEqual([leaving.id]);
  });

  it("deletes only a pending or inactive SLP: soft (archived), 204, patients handed over, links withdrawn; then 404", async () => {
    const active = await newSlp("active");
    expectFailure(await call("admin", "DELETE", `/api/staff/${active.id}/`, {}), 400, "ERROR_050");
    const pending = await newSlp();
    const token = await newestInvitationToken(world.t, pending.email);
    const caseload = await givePatients(world, pending.id, ["active", "pending"]);
    expectFailure(await call("admin", "DELETE", `/api/staff/${pending.id}/`, {}), 400, "ERROR_050", "reassign_to");
    const response = await call("admin", "DELETE", `/api/staff/${pending.id}/`, { reassign_to: world.slpStaffId });
    expect(response.statusCode, response.body).toBe(204);
    expect((await assignedTo(caseload)).map((one) => one.staffId)).toEqual([world.slpStaffId, world.slpStaffId]);
    const [account] = await world.t.database.db.select({ archivedAt: users.archivedAt }).from(users).where(eq(users.email, pending.email));
    expect(account?.archivedAt).not.toBeNull();
    expect(await lookup(world.t, token)).toEqual({ state: "revoked" });
    expectFailure(await call("admin", "GET", `/api/staff/${pending.id}/`), 404, "ERROR_030");
    const list = (await call("admin", "GET", `/api/staff/?search=${encodeURIComponent(pending.email)}`)).json() as { count: number };
    expect(list.count).toBe(0);
  });

  it("lets nobody change their own status (403), even an administrator who is also an SLP", async () => {
    const [own] = await world.t.database.db.insert(staff).values({ userId: world.accounts.admin.id, institutionId: world.clinic, status: "active" }).returning({ id: staff.id });
    expectFailure(await call("admin", "PUT", `/api/staff/${own?.id}/inactivate/`, {}), 403, "ERROR_001");
    const [row] = await world.t.database.db.select({ status: staff.status }).from(staff).where(eq(staff.id, own?.id ?? 0));
    expect(row?.status).toBe("active");
    await world.t.database.db.delete(staff).where(eq(staff.id, own?.id ?? 0));
  });

  it("resends a pending SLP's link: a new open link, the old one revoked, a minute apart (429 ERROR_012); never for an active SLP", async () => {
    const slp = await newSlp();
    const first = await newestInvitationToken(world.t, slp.email);
    expectFailure(await call("admin", "POST", `/api/staff/${slp.id}/invitation/`), 429, "ERROR_012");
    world.t.clock.advance(61_000);
    const response = await call("admin", "POST", `/api/staff/${slp.id}/invitation/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "pending", invitation: { state: "open" } });
    const second = await newestInvitationToken(world.t, slp.email);
    expect(second).not.toBe(first);
    expect(await lookup(world.t, first)).toEqual({ state: "revoked" });
    expect(await lookup(world.t, second)).toMatchObject({ state: "open", email: slp.email });
    const active = await newSlp("active");
    expectFailure(await call("admin", "POST", `/api/staff/${active.id}/invitation/`, {}), 400, "ERROR_050");
  });

  it("revokes a pending SLP's open link (the account stays pending); nothing open, or an active SLP, is ERROR_050", async () => {
    const slp = await newSlp();
    const token = await newestInvitationToken(world.t, slp.email);
    const response = await call("staffAdmin", "DELETE", `/api/staff/${slp.id}/invitation/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "pending", invitation: { state: "revoked" } });
    expect(await lookup(world.t, token)).toEqual({ state: "revoked" });
    expectFailure(await call("staffAdmin", "DELETE", `/api/staff/${slp.id}/invitation/`), 400, "ERROR_050");
    expectFailure(await call("staffAdmin", "DELETE", `/api/staff/${world.otherSlpStaffId}/invitation/`), 400, "ERROR_050");
    const open = await world.t.database.db.select({ id: invitations.id }).from(invitations).innerJoin(staff, eq(staff.userId, invitations.userId)).where(and(eq(staff.id, slp.id), isNull(invitations.revokedAt)));
    expect(open).toEqual([]);
  });
});
