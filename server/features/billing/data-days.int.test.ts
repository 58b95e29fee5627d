import * as Schema from "effect/Schema";
import { asc, desc, eq, gt } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PatientDataDays } from "../../../domain/billing/data-days-wire.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { patients } from "../../db/schema/patients.ts";
import { gameSessions } from "../../db/schema/sessions.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { TEST_START } from "../../test-app.test-helper.ts";
import { calendarDayIn } from "../../../domain/shared/calendar/zone.ts";

// A patient's data days (issue 24): read from the counts kept on write, grouped in the
// institution's time zone, only the patient's own, the previous and current 30-day period only,
// behind the rtm permission and the patient slice, on each database.
const SETUP_TIMEOUT = 180_000;
const decodeStrictly = (value: unknown) => Schema.decodeUnknownSync(PatientDataDays, { onExcessProperty: "error" })(value);

type Who = keyof PatientsWorld["headers"];

describe("the institution's calendar", () => {
  it("names today's date in the institution's zone, not the server's", () => {
    expect(calendarDayIn(new Date("2026-03-01T05:00:00Z"), "America/Los_Angeles")).toBe("2026-02-28");
    expect(calendarDayIn(new Date("2026-03-01T05:00:00Z"), "Europe/Berlin")).toBe("2026-03-01");
    expect(calendarDayIn(new Date("2026-02-28T23:30:00Z"), "Pacific/Kiritimati")).toBe("2026-03-01");
  });
});

describe.each(TEST_DRIVERS)("a patient's data days on %s", (driver) => {
  let world: PatientsWorld;
  let db: PatientsWorld["t"]["database"]["db"];
  let serial = 0;
  /** Assigned to the world's SLP, to the other SLP of the clinic, and a patient of the other clinic. */
  let own: number;
  let otherSlps: number;
  let foreign: number;

  const newPatient = async (institutionId: number, staffId: number, firstName: string): Promise<number> => {
    serial += 1;
    const [row] = await db
      .insert(patients)
      .values({ institutionId, firstName, lastName: "Days", email: `${firstName.toLowerCase()}.${serial}.${driver}@days.test`, birthdate: "1948-06-07", gender: "female", assignedStaffId: staffId, status: "active" })
      .returning({ id: patients.id });
    if (row === undefined) throw new Error("no patient");
    return row.id;
  };
  /** A finished session of the patient starting at `start` (the triggers count it in patient_data_days). */
  const session = async (patientId: number, start: string): Promise<void> => {
    const gameId = world.gameIds[0] ?? 0;
    let [level] = await db.select({ id: patientGameLevels.id }).from(patientGameLevels).where(eq(patientGameLevels.patientId, patientId)).limit(1);
    level ??= (
      await db
        .insert(patientGameLevels)
        .values({ patientId, gameId, difficulty: "easy", amountChallenges: 5, amountTrials: 3, minRepetitionsPerDay: 0, maxRepetitionsPerDay: 3, assignedAt: new Date("2025-11-01T09:00:00Z") })
        .returning({ id: patientGameLevels.id })
    )[0];
    const startTime = new Date(start);
    await db.insert(gameSessions).values({
      patientGameLevelId: level?.id ?? 0,
      patientId,
      gameId,
      difficulty: "easy",
      startTime,
      endTime: new Date(startTime.getTime() + 60_000),
      isActive: false,
      durationSeconds: 60,
      reviewed: false,
      createdAt: startTime,
    });
  };

  beforeAll(async () => {
    world = await patientsWorld(driver, "datadays");
    db = world.t.database.db;
    await db.update(institutions).set({ timeZone: "America/Los_Angeles" }).where(eq(institutions.id, world.clinic));
    own = await newPatient(world.clinic, world.slpStaffId, "Rosalind");
    otherSlps = await newPatient(world.clinic, world.otherSlpStaffId, "Theodora");
    foreign = await newPatient(world.otherClinic, world.foreignStaffId, "Ignatius");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const get = (who: Who, id: number | string): Promise<LightMyRequestResponse> =>
    world.t.app.inject({ method: "GET", url: `/api/patients/${id}/rtm/data-days/`, headers: world.headers[who] });
  it("groups sessions by the institution's calendar day, the previous and current period only, the patient's own", async () => {
    world.t.clock.set(TEST_START); // 2026-03-01 12:00 UTC: 04:00 on March 1 in Los Angeles
    const patientId = await newPatient(world.clinic, world.slpStaffId, "Dorothea");
    await session(patientId, "2025-12-01T18:00:00Z"); // the first session: monitoring starts on Dec 1
    await session(patientId, "2026-01-20T18:00:00Z"); // period 1 (Dec 31 - Jan 29): before the shown periods
    await session(patientId, "2026-02-10T07:30:00Z"); // 23:30 on Feb 9 in Los Angeles
    await session(patientId, "2026-02-10T09:00:00Z"); // 01:00 on Feb 10
    await session(patientId, "2026-02-10T20:00:00Z");
    await session(patientId, "2026-03-01T11:00:00Z"); // 03:00 on Mar 1: today
    await session(otherSlps, "2026-02-15T18:00:00Z");
    for (const who of ["slp", "admin", "staffAdmin"] as const) {
      const response = await get(who, patientId);
      expect(response.statusCode, response.body).toBe(200);
      expect(decodeStrictly(response.json())).toEqual({
        patient_id: patientId,
        time_zone: "America/Los_Angeles",
        monitoring_start: "2025-12-01",
        today: "2026-03-01",
        days: [
          { day: "2026-02-09", sessions: 1 },
          { day: "2026-02-10", sessions: 2 },
          { day: "2026-03-01", sessions: 1 },
        ],
        physiological_monitoring: false,
      });
    }
  });

  it("answers a patient without sessions with no monitoring start and no days", async () => {
    const patientId = await newPatient(world.clinic, world.slpStaffId, "Wilhelmina");
    const response = await get("slp", patientId);
    expect(response.statusCode, response.body).toBe(200);
    expect(decodeStrictly(response.json())).toMatchObject({ monitoring_start: null, today: "2026-03-01", days: [] });
  });

  it("reads another SLP's or institution's patient as unknown (404), refuses the super administrator (403) and a bad id (400)", async () => {
    const expectCode = (response: LightMyRequestResponse, status: number, code: string) => {
      expect(response.statusCode, response.body).toBe(status);
      expect((response.json() as { code: string }).code).toBe(code);
    };
    expectCode(await get("slp", foreign), 404, "ERROR_030");
    expectCode(await get("admin", foreign), 404, "ERROR_030");
    expectCode(await get("slp", otherSlps), 404, "ERROR_030");
    expectCode(await get("otherAdmin", own), 404, "ERROR_030");
    expectCode(await get("slp", 987_654_321), 404, "ERROR_030");
    expectCode(await get("superAdmin", own), 403, "ERROR_001");
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999999999999"]) expectCode(await get("slp", bad), 400, "ERROR_056");
  });

  it("audits each read as a read of the patient's data days, refusals too", async () => {
    const [startRow] = await db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    await get("slp", own);
    await get("otherSlp", own);
    const rows = await db.select().from(auditEvents).where(gt(auditEvents.id, startRow?.id ?? 0)).orderBy(asc(auditEvents.id));
    expect(rows.map((row) => [row.action, row.resource, row.resourceId, row.outcome, row.reason])).toEqual([
      ["read", "patient_data_days", String(own), "success", null],
      ["read", "patient_data_days", String(own), "denied", "outside_scope"],
    ]);
  });
});
