import { asc, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { games } from "../../db/schema/games.ts";
import { patients } from "../../db/schema/patients.ts";

// Issue 19 B: a discharged (inactive) patient gets no new exercises: 400 ERROR_050 on
// `patients.N`, nothing written, the refusal audited. Their past sessions stay open to review
// (server/features/session-review/inactive-patient-review.int.test.ts).
const SETUP_TIMEOUT = 120_000;
const form = { difficulty: "easy", amount_challenges: 2, amount_trials: 1, min_repetitions_per_day: 1, max_repetitions_per_day: 2, unlimited: false };

describe.each(TEST_DRIVERS)("assigning to an inactive patient on %s", (driver) => {
  let world: PatientsWorld;
  let parrot = 0;
  const patient = { active: 0, pending: 0, inactive: 0 };

  const assign = (patientIds: number[]) =>
    world.t.app.inject({
      method: "POST",
      url: "/api/assignments/",
      headers: { ...world.headers.admin, "content-type": "application/json" },
      payload: JSON.stringify({ patients: patientIds, games: [{ game: parrot, forms: [form] }] }),
    });
  const lastAuditId = async () => (await world.t.database.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(asc(auditEvents.id))).at(-1)?.id ?? 0;

  beforeAll(async () => {
    world = await patientsWorld(driver, "inactive");
    const db = world.t.database.db;
    parrot = (await db.select({ id: games.id, type: games.type }).from(games)).find((row) => row.type === "parrot")?.id ?? 0;
    const put = await world.t.app.inject({
      method: "PUT",
      url: `/api/institutions/${world.clinic}/assign_games/`,
      headers: { ...world.headers.superAdmin, "content-type": "application/json" },
      payload: JSON.stringify({ games: [parrot] }),
    });
    expect(put.statusCode).toBe(200);
    for (const [index, status] of (["active", "pending", "active"] as const).entries()) {
      const [row] = await db
        .insert(patients)
        .values({ institutionId: world.clinic, firstName: "In", lastName: status, email: `${status}.${index}@inactive.test`, birthdate: "1950-01-01", gender: "female", status })
        .returning({ id: patients.id });
      const id = row?.id ?? 0;
      if (patient.active === 0) patient.active = id;
      else if (patient.pending === 0) patient.pending = id;
      else patient.inactive = id;
    }
    // Discharged through the API, as a clinician would.
    const deactivated = await world.t.app.inject({ method: "PUT", url: `/api/patients/${patient.inactive}/inactivate/`, headers: world.headers.admin });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  it("refuses the whole call with 400 ERROR_050 on patients.N, writes nothing, and audits the refusal", async () => {
    const db = world.t.database.db;
    const levelsBefore = await db.select().from(patientGameLevels).orderBy(asc(patientGameLevels.id));
    const since = await lastAuditId();
    const response = await assign([patient.active, patient.pending, patient.inactive]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: "ERROR_050", message: "The action is not allowed for the current status: inactive", detail: { field: "patients.2" } });
    expect(await db.select().from(patientGameLevels).orderBy(asc(patientGameLevels.id))).toEqual(levelsBefore);
    const audit = await db.select().from(auditEvents).where(gt(auditEvents.id, since)).orderBy(asc(auditEvents.id));
    expect(audit.map((row) => [row.action, row.resource, row.resourceId, row.outcome, row.reason])).toEqual([["assign", "patient_game_levels", String(patient.inactive), "failure", "patient_status"]]);
  });

  it("assigns active and pending patients (a pending one is about to start therapy)", async () => {
    const response = await assign([patient.active, patient.pending]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ patients: 2, levels_created: 2, levels_updated: 0, patient_ids: [patient.active, patient.pending] });
  });

  it("assigns again once the patient is reactivated", async () => {
    const activated = await world.t.app.inject({ method: "PUT", url: `/api/patients/${patient.inactive}/activate/`, headers: world.headers.admin });
    expect(activated.statusCode, activated.body).toBe(200);
    const response = await assign([patient.inactive]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ patients: 1, levels_created: 1 });
  });
});
