import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newestMessage } from "../../auth/auth.test-helper.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { institutionAllowedDomains } from "../../db/schema/institutions.ts";
import { invitations } from "../../db/schema/invitations.ts";
import { outboxMessages } from "../../db/schema/outbox.ts";
import { roles } from "../../db/schema/roles.ts";
import { staff, users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { isDuplicateAccountEmail } from "../../people/account-email.ts";
import { type StaffBody, callAs, expectFailure, givePatients, lookup, newestInvitationToken } from "./staff.test-helper.ts";

// One SLP, inviting a new one and editing them (spec section 7, staff): the form's rules with
// their catalogue codes, the e-mail rules (domains, one living account per address, only while
// pending, a new link to a new address), versions, the institution scope (404 outside, nothing
// revealed) and an audit row for every read and write.
const SETUP_TIMEOUT = 180_000;

describe.each(TEST_DRIVERS)("SLP records on %s", (driver) => {
  let world: PatientsWorld;
  let call: ReturnType<typeof callAs>;
  let usa = 0;
  let germany = 0;
  let counter = 0;
  const newEmail = () => {
    counter += 1;
    return `new.slp.${counter}@clinic.test`;
  };
  const create = (extra: Record<string, unknown> = {}) =>
    call("admin", "POST", "/api/staff/", { first_name: "Nora", last_name: "Quill", email: newEmail(), role: "staff", ...extra });
  const usersCount = async () => (await world.t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users))[0]?.n ?? 0;
  const lastAudit = async () => {
    const [row] = await world.t.database.db.select().from(auditEvents).where(eq(auditEvents.resource, "staff")).orderBy(desc(auditEvents.id)).limit(1);
    return row;
  };

  beforeAll(async () => {
    world = await patientsWorld(driver, "slprec");
    call = callAs(world);
    usa = (await world.place("country", "United States")).id;
    germany = (await world.place("country", "Germany")).id;
    await world.t.database.db.insert(institutionAllowedDomains).values({ institutionId: world.clinic, domain: "clinic.test" });
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  it("invites an SLP: 201, pending, role staff, contact stored, an open link from the admin, an e-mail with it, an audit row", async () => {
    const email = newEmail();
    const response = await call("admin", "POST", "/api/staff/", {
      first_name: "Nora",
      last_name: "Quill",
      email,
      role: "staff",
      contact_info: { address_1: " 1 Main St ", country: usa, zip_code: "02134", phone: "(617) 555-0142" },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as StaffBody;
    expect(body).toMatchObject({ first_name: "Nora", last_name: "Quill", email, status: "pending", role: { code_name: "staff" }, caseload: { patients: 0, active_patients: 0 } });
    expect(body.contact_info).toMatchObject({ address_1: "1 Main St", zip_code: "02134", phone: "+16175550142", country: { id: usa } });
    expect(body.invitation).toMatchObject({ state: "open", invited_by: { first_name: "Test", last_name: "Person" } });
    expect(response.headers.etag).toBe(`"${body.version}"`);
    const [account] = await world.t.database.db.select({ changePassword: users.changePassword, roleCode: roles.code, institutionId: users.institutionId }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.email, email));
    expect(account).toEqual({ changePassword: true, roleCode: "staff", institutionId: world.clinic });
    const token = await newestInvitationToken(world.t, email);
    expect(await lookup(world.t, token)).toMatchObject({ state: "open", email, first_name: "Nora", last_name: "Quill" });
    expect(await lastAudit()).toMatchObject({ action: "create", outcome: "success", resourceId: String(body.id) });
  });

  it("refuses a bad invitation with its code and creates nothing, sends nothing", async () => {
    await world.t.database.db.update(users).set({ phone: "+16175550199" }).where(eq(users.id, world.accounts.slp.id));
    const before = await usersCount();
    const mailsBefore = (await world.t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(outboxMessages))[0]?.n;
    expectFailure(await create({ role: "staff_admin" }), 400, "ERROR_025", "role");
    expectFailure(await create({ email: "nora@elsewhere.test" }), 400, "ERROR_022", "email");
    expectFailure(await create({ email: world.accounts.admin.email.toUpperCase() }), 400, "ERROR_031", "email");
    expectFailure(await create({ contact_info: { phone: "+1 555" } }), 400, "ERROR_002", "contact_info.phone");
    expectFailure(await create({ contact_info: { phone: "+1 617 555 0199" } }), 400, "ERROR_021", "contact_info.phone");
    expectFailure(await create({ contact_info: { zip_code: "02134" } }), 400, "ERROR_076", "contact_info.zip_code");
    expectFailure(await create({ contact_info: { country: germany, zip_code: "0213" } }), 400, "ERROR_076", "contact_info.zip_code");
    expectFailure(await create({ contact_info: { country: 99_999_999 } }), 400, "ERROR_030", "contact_info.country");
    expect(await usersCount()).toBe(before);
    expect((await world.t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(outboxMessages))[0]?.n).toBe(mailsBefore);
    expect(await lastAudit()).toMatchObject({ action: "create", outcome: "failure" });
  });

  it("reads the unique index's refusal as a duplicate address (the race a check before the insert can lose)", async () => {
    const [role] = await world.t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, "staff"));
    const attempt = world.t.database.db.insert(users).values({ email: world.accounts.slp.email.toUpperCase(), roleId: role?.id ?? 0, institutionId: world.clinic });
    const error = await attempt.then(() => undefined, (caught: unknown) => caught);
    expect(isDuplicateAccountEmail(error)).toBe(true);
    expect(isDuplicateAccountEmail(new Error("other"))).toBe(false);
  });

  it("reads one SLP with the caseload of live patients (active ones apart), no invitation once active, an ETag and an audit row", async () => {
    await givePatients(world, world.otherSlpStaffId, ["active", "active", "pending", "inactive"]);
    const [archived] = await givePatients(world, world.otherSlpStaffId, ["active"]);
    await world.t.database.db.execute(sql`update patients set archived_at = now() where id = ${archived ?? 0}`);
    const response = await call("staffAdmin", "GET", `/api/staff/${world.otherSlpStaffId}/`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as StaffBody;
    expect(body).toMatchObject({ id: world.otherSlpStaffId, status: "active", caseload: { patients: 4, active_patients: 2 }, invitation: null });
    expect(response.headers.etag).toBe(`"${body.version}"`);
    expect(await lastAudit()).toMatchObject({ action: "read", outcome: "success", resourceId: String(world.otherSlpStaffId) });
  });

  it("answers another institution's SLP, an unknown id and a deleted SLP with 404 ERROR_030 on every route, revealing nothing", async () => {
    const [foreign] = await world.t.database.db.select({ email: users.email }).from(staff).innerJoin(users, eq(users.id, staff.userId)).where(eq(staff.id, world.foreignStaffId));
    const created = (await create()).json() as StaffBody;
    await world.t.database.db.execute(sql`update users set archived_at = now() where id = (select user_id from staff where id = ${created.id})`);
    for (const id of [world.foreignStaffId, 99_999_999, created.id]) {
      for (const [method, path, body] of [
        ["GET", "", undefined],
        ["PATCH", "", { first_name: "Mallory" }],
        ["PUT", "activate/", {}],
        ["PUT", "inactivate/", {}],
        ["DELETE", "", {}],
        ["POST", "invitation/", {}],
        ["DELETE", "invitation/", undefined],
      ] as const) {
        const response = await call("admin", method, `/api/staff/${id}/${path}`, body);
        expectFailure(response, 404, "ERROR_030");
        expect(response.body).not.toContain(foreign?.email ?? "unreachable");
        expect(response.body).not.toContain("Person");
      }
    }
    const [row] = await world.t.database.db.select({ firstName: users.firstName }).from(staff).innerJoin(users, eq(users.id, staff.userId)).where(eq(staff.id, world.foreignStaffId));
    expect(row?.firstName).toBe("Test");
    expect(await lastAudit()).toMatchObject({ outcome: "denied", reason: "outside_scope" });
  });

  it("keeps SLP records from an SLP and the platform administrator (403), and the delete from a staff administrator", async () => {
    expectFailure(await call("slp", "GET", `/api/staff/${world.otherSlpStaffId}/`), 403, "ERROR_001");
    expectFailure(await call("superAdmin", "GET", `/api/staff/${world.otherSlpStaffId}/`), 403, "ERROR_001");
    expectFailure(await call("staffAdmin", "DELETE", `/api/staff/${world.otherSlpStaffId}/`, {}), 403, "ERROR_001");
    const [row] = await world.t.database.db.select({ archivedAt: users.archivedAt }).from(staff).innerJoin(users, eq(users.id, staff.userId)).where(eq(staff.id, world.otherSlpStaffId));
    expect(row?.archivedAt).toBeNull();
  });

  it("patches names and contact, keeps what is not sent, and refuses the contact rules' failures", async () => {
    const created = (await create({ contact_info: { address_1: "Old Road", country: usa, zip_code: "02134-1234" } })).json() as StaffBody;
    const response = await call("staffAdmin", "PATCH", `/api/staff/${created.id}/`, { last_name: "Quillon", contact_info: { address_2: "Suite 4" } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ first_name: "Nora", last_name: "Quillon", contact_info: { address_1: "Old Road", address_2: "Suite 4", zip_code: "02134-1234" }, version: created.version + 1 });
    expect(await lastAudit()).toMatchObject({ action: "update", outcome: "success", role: "staff_admin", changes: { lastName: { from: "Quill", to: "Quillon" }, address2: { from: "", to: "Suite 4" } } });
    expectFailure(await call("admin", "PATCH", `/api/staff/${created.id}/`, { contact_info: { country: germany } }), 400, "ERROR_076", "contact_info.zip_code");
    expectFailure(await call("admin", "PATCH", `/api/staff/${created.id}/`, { contact_info: { phone: "+1 617 555 0199" } }), 400, "ERROR_021", "contact_info.phone");
    expect(await lastAudit()).toMatchObject({ action: "update", outcome: "failure", reason: "contact_rules" });
  });

  it("changes a pending SLP's address: a new link to the new address, the old link dead; the same address, an active SLP's, a foreign domain and a taken one are refused", async () => {
    const created = (await create()).json() as StaffBody;
    const oldToken = await newestInvitationToken(world.t, created.email);
    const address = newEmail();
    const response = await call("admin", "PATCH", `/api/staff/${created.id}/`, { email: address });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email: address, invitation: { state: "open" } });
    expect(await lookup(world.t, oldToken)).toEqual({ state: "revoked" });
    expect(await lookup(world.t, await newestInvitationToken(world.t, address))).toMatchObject({ state: "open", email: address });
    const rows = await world.t.database.db.select({ email: invitations.email, revokedAt: invitations.revokedAt }).from(invitations).innerJoin(staff, eq(staff.userId, invitations.userId)).where(eq(staff.id, created.id)).orderBy(invitations.id);
    expect(rows.map((row) => [row.email, row.revokedAt === null])).toEqual([
      [created.email, false],
      [address, true],
    ]);
    expectFailure(await call("admin", "PATCH", `/api/staff/${created.id}/`, { email: address.toUpperCase() }), 400, "ERROR_047", "email");
    expectFailure(await call("admin", "PATCH", `/api/staff/${created.id}/`, { email: "nora@elsewhere.test" }), 400, "ERROR_022", "email");
    expectFailure(await call("admin", "PATCH", `/api/staff/${created.id}/`, { email: world.accounts.slp.email }), 400, "ERROR_031", "email");
    expectFailure(await call("admin", "PATCH", `/api/staff/${world.otherSlpStaffId}/`, { email: newEmail() }), 400, "ERROR_053", "email");
  });

  it("refuses a stale edit with 412 (If-Match or body version) and changes nothing", async () => {
    const created = (await create()).json() as StaffBody;
    const current = await call("admin", "PATCH", `/api/staff/${created.id}/`, { first_name: "Nola" }, { "if-match": `"${created.version}"` });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.headers.etag).toBe(`"${created.version + 1}"`);
    expectFailure(await call("admin", "PATCH", `/api/staff/${created.id}/`, { first_name: "Stale" }, { "if-match": `"${created.version}"` }), 412, "ERROR_056", "version");
    expectFailure(await call("admin", "PATCH", `/api/staff/${created.id}/`, { first_name: "Stale", version: created.version }), 412, "ERROR_056", "version");
    const now = (await call("admin", "GET", `/api/staff/${created.id}/`)).json() as StaffBody;
    expect(now).toMatchObject({ first_name: "Nola", version: created.version + 1 });
    const [audit] = await world.t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, "update"), eq(auditEvents.resourceId, String(created.id)))).orderBy(desc(auditEvents.id)).limit(1);
    expect(audit).toMatchObject({ outcome: "failure", reason: "stale_version" });
    expect(await newestMessage(world.t, created.email)).toBeDefined();
  });
});
