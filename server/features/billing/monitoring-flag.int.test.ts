import * as Schema from "effect/Schema";
import { asc, desc, eq, gt } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHYSIOLOGICAL_TEXT } from "../../../domain/billing/billing-status.ts";
import { PatientDataDays } from "../../../domain/billing/data-days-wire.ts";
import { RtmListResponse } from "../../../domain/billing/rtm-list-wire.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patients } from "../../db/schema/patients.ts";
import { patientRtmSettings } from "../../db/schema/rtm-settings.ts";
import { patientDataDays } from "../../db/schema/sessions.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { TEST_START } from "../../test-app.test-helper.ts";

// The remote physiological monitoring flag (issue 24: RTM and RPM not billed in the same month):
// set by those who log time, for their slice only; while set, the patient's month is blocked with
// the reason in words and no claim line; cleared, the month is judged as before. Bad bodies 400.
const SETUP_TIMEOUT = 180_000;

type Who = keyof PatientsWorld["headers"];

describe.each(TEST_DRIVERS)("the physiological-monitoring flag on %s", (driver) => {
  let world: PatientsWorld;
  let db: PatientsWorld["t"]["database"]["db"];
  let own = 0;
  let otherSlps = 0;
  let foreign = 0;
  let serial = 0;

  const newPatient = async (institutionId: number, staffId: number, firstName: string): Promise<number> => {
    serial += 1;
    const [row] = await db
      .insert(patients)
      .values({ institutionId, firstName, lastName: "Rpm", email: `${firstName.toLowerCase()}.${serial}.${driver}@rpm.test`, birthdate: "1950-01-02", gender: "male", assignedStaffId: staffId, status: "active" })
      .returning({ id: patients.id });
    if (row === undefined) throw new Error("no patient");
    return row.id;
  };

  beforeAll(async () => {
    world = await patientsWorld(driver, "rpmflag");
    db = world.t.database.db;
    world.t.clock.set(TEST_START); // 2026-03-01 12:00 UTC
    // A chosen supply kind: without one a month with a supply code due is blocked for that reason (issue 31).
    await db.update(institutions).set({ timeZone: "UTC", rtmSupplyKind: "musculoskeletal" }).where(eq(institutions.id, world.clinic));
    own = await newPatient(world.clinic, world.slpStaffId, "Aabram");
    otherSlps = await newPatient(world.clinic, world.otherSlpStaffId, "Aabner");
    foreign = await newPatient(world.otherClinic, world.foreignStaffId, "Aabot");
    // Jan 1 - Jan 30 holds 3 data days and ended in January: a supply line, so January is ready to bill.
    await db.insert(patientDataDays).values(["2026-01-01", "2026-01-05", "2026-01-09"].map((day) => ({ patientId: own, day, sessions: 1 })));
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const put = (who: Who, patientId: number, payload: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method: "PUT",
      url: `/api/patients/${patientId}/rtm/monitoring/`,
      headers: { ...world.headers[who], "content-type": "application/json" },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
  const dataDays = async (patientId: number) => {
    const response = await world.t.app.inject({ method: "GET", url: `/api/patients/${patientId}/rtm/data-days/`, headers: world.headers.slp });
    expect(response.statusCode, response.body).toBe(200);
    return Schema.decodeUnknownSync(PatientDataDays)(response.json());
  };
  const januaryRow = async () => {
    const response = await world.t.app.inject({ method: "GET", url: `/api/rtm/?month=2026-01&page_size=50`, headers: world.headers.slp });
    expect(response.statusCode, response.body).toBe(200);
    return Schema.decodeUnknownSync(RtmListResponse)(response.json()).results.find((row) => row.patient.id === own);
  };
  const stored = async (patientId: number) =>
    (await db.select().from(patientRtmSettings).where(eq(patientRtmSettings.patientId, patientId)))[0]?.physiologicalMonitoring ?? null;

  it("blocks every month of a flagged patient with the reason, and clearing it gives the month back", async () => {
    expect((await januaryRow())?.status).toBe("ready to bill");
    expect((await dataDays(own)).physiological_monitoring).toBe(false);

    const set = await put("slp", own, { physiological_monitoring: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ physiological_monitoring: true });
    expect((await dataDays(own)).physiological_monitoring).toBe(true);
    const blocked = await januaryRow();
    expect(blocked?.status).toBe("blocked");
    expect(blocked?.missing).toContain(PHYSIOLOGICAL_TEXT);
    expect(blocked?.codes).toEqual([]);

    const cleared = await put("staffAdmin", own, { physiological_monitoring: false });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await januaryRow())?.status).toBe("ready to bill");
    expect(await stored(own)).toBe(false);
  });

  it("reaches only the caller's slice: another SLP's or institution's patient is unknown, the super administrator and the read-only administrator are refused", async () => {
    for (const [who, patientId, status, code] of [
      ["slp", otherSlps, 404, "ERROR_030"],
      ["slp", foreign, 404, "ERROR_030"],
      ["otherAdmin", own, 403, "ERROR_001"],
      ["admin", own, 403, "ERROR_001"],
      ["superAdmin", own, 403, "ERROR_001"],
      ["slp", 2_147_483_647, 404, "ERROR_030"],
    ] as const) {
      const response = await put(who, patientId, { physiological_monitoring: true });
      expect(response.statusCode, `${who} on ${patientId}: ${response.body}`).toBe(status);
      expect((response.json() as { code: string }).code).toBe(code);
    }
    expect(await stored(otherSlps)).toBeNull();
    expect(await stored(foreign)).toBeNull();
  });

  it("answers a malformed body or id with 400 and changes nothing", async () => {
    const before = await stored(own);
    for (const bad of [{}, { physiological_monitoring: "yes" }, { physiological_monitoring: 1 }, { physiological_monitoring: null }, "not json", "[]"]) {
      const response = await put("slp", own, bad);
      expect(response.statusCode, `${JSON.stringify(bad)}: ${response.body}`).toBe(400);
    }
    const badId = await world.t.app.inject({ method: "PUT", url: "/api/patients/abc/rtm/monitoring/", headers: { ...world.headers.slp, "content-type": "application/json" }, payload: "{\"physiological_monitoring\":true}" });
    expect(badId.statusCode, badId.body).toBe(400);
    expect(await stored(own)).toBe(before);
  });

  it("audits each change with the patient, in the write's transaction", async () => {
    const [startRow] = await db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    await put("slp", own, { physiological_monitoring: true });
    const rows = await db.select().from(auditEvents).where(gt(auditEvents.id, startRow?.id ?? 0)).orderBy(asc(auditEvents.id));
    expect(rows.map((row) => [row.action, row.resource, row.outcome, row.resourceId])).toEqual([["update", "patient_rtm_settings", "success", String(own)]]);
  });
});
