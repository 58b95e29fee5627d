import { desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../db/schema/audit.ts";
import { patients } from "../../db/schema/patients.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";

// Issue 31 item 14: who may move a patient to another SLP with PATCH patients/{id}/ {"staff"}.
// The permission table decides (domain/patients/patient-reassignment.ts, docs/permissions.md):
// institution and staff administrators may; an SLP edits their patient's details but may not hand
// them to a colleague or drop them (403 ERROR_001 on staff, nothing changes); another institution
// sees no patient (404); the super administrator holds nothing on patients (403).
const SETUP_TIMEOUT = 180_000;

type Who = keyof PatientsWorld["headers"];

describe.each(TEST_DRIVERS)("moving a patient to another SLP on %s", (driver) => {
  let world: PatientsWorld;
  let counter = 0;

  beforeAll(async () => {
    world = await patientsWorld(driver, "reassign");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const call = (who: Who, method: "GET" | "POST" | "PATCH", url: string, body?: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  /** A patient of the clinic's first SLP, created by the institution administrator. */
  const patientOfSlp = async (): Promise<number> => {
    counter += 1;
    const response = await call("admin", "POST", "/api/patients/", {
      first_name: "Walter",
      last_name: `Reyes${"abcdefghij"[counter % 10]}`,
      email: `reassign.${counter}@home.test`,
      birthdate: "1951-03-02",
      gender: "male",
      staff: world.slpStaffId,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  };
  const assignedStaff = async (id: number) => (await world.t.database.db.select({ staffId: patients.assignedStaffId, version: patients.version }).from(patients).where(eq(patients.id, id)))[0];

  // Every kind of caller against the same request: who may move a patient, and what the others get.
  const MATRIX: ReadonlyArray<readonly [Who, number, string | null]> = [
    ["admin", 200, null],
    ["staffAdmin", 200, null],
    ["slp", 403, "ERROR_001"],
    ["otherSlp", 404, "ERROR_030"],
    ["otherAdmin", 404, "ERROR_030"],
    ["superAdmin", 403, "ERROR_001"],
  ];
  it.each(MATRIX)("%s moving the SLP's patient to another SLP: %i", async (who, status, code) => {
    const id = await patientOfSlp();
    const before = await assignedStaff(id);
    const response = await call(who, "PATCH", `/api/patients/${id}/`, { staff: world.otherSlpStaffId });
    expect(response.statusCode, response.body).toBe(status);
    if (code === null) {
      expect(response.json()).toMatchObject({ staff: { id: world.otherSlpStaffId } });
      expect((await assignedStaff(id))?.staffId).toBe(world.otherSlpStaffId);
    } else {
      expect((response.json() as { code: string }).code).toBe(code);
      expect(await assignedStaff(id)).toEqual(before);
    }
  });

  it("an SLP may not drop their patient either, nor move them with other edits; keeping themselves assigned is an ordinary edit", async () => {
    const id = await patientOfSlp();
    const before = await assignedStaff(id);
    const dropped = await call("slp", "PATCH", `/api/patients/${id}/`, { staff: null });
    expect(dropped.statusCode, dropped.body).toBe(403);
    expect(dropped.json()).toMatchObject({ code: "ERROR_001", detail: { field: "staff" } });
    const mixed = await call("slp", "PATCH", `/api/patients/${id}/`, { last_name: "Changed", staff: world.otherSlpStaffId });
    expect(mixed.statusCode, mixed.body).toBe(403);
    expect(await assignedStaff(id)).toEqual(before);
    const [audit] = await world.t.database.db.select().from(auditEvents).where(eq(auditEvents.resource, "patient")).orderBy(desc(auditEvents.id)).limit(1);
    expect(audit).toMatchObject({ action: "update", outcome: "failure", reason: "reassign_not_allowed" });

    const kept = await call("slp", "PATCH", `/api/patients/${id}/`, { last_name: "Kept", staff: world.slpStaffId });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ last_name: "Kept", staff: { id: world.slpStaffId } });
  });
});
