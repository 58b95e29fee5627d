import * as Schema from "effect/Schema";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MonthState } from "../../../domain/billing/month-close-wire.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { rtmMonthLockLines, rtmMonthLocks } from "../../db/schema/month-close.ts";
import { patients } from "../../db/schema/patients.ts";
import { patientDataDays } from "../../db/schema/sessions.ts";
import { rtmCalls, rtmTimeEntries } from "../../db/schema/time-log.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { TEST_START } from "../../test-app.test-helper.ts";

// Issue 31, item 2: a locked month keeps what it was locked with. The lock stores the judged month
// (lines, totals, the inputs it was judged with); its CSV and totals are served from that copy byte for
// byte, and a later change (the RPM flag, the supply kind, the time zone) shows as a difference to review.
const SETUP_TIMEOUT = 180_000;
const strict = { onExcessProperty: "error" } as const;
type Who = keyof PatientsWorld["headers"];

const days = (from: string, count: number): string[] =>
  Array.from({ length: count }, (_, index) => new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10));

describe.each(TEST_DRIVERS)("a locked month's kept copy on %s", (driver) => {
  let world: PatientsWorld;
  let db: PatientsWorld["t"]["database"]["db"];
  let serial = 0;
  let setupPatient = 0;
  let edgePatient = 0;
  let lockedCsv = "";
  let lockedSlpCsv = "";

  const newPatient = async (institutionId: number, staffId: number, firstName: string, lastName: string): Promise<number> => {
    serial += 1;
    const [row] = await db
      .insert(patients)
      .values({ institutionId, firstName, lastName, email: `kept.${serial}.${driver}@month.test`, birthdate: "1948-06-07", gender: "female", assignedStaffId: staffId, status: "active" })
      .returning({ id: patients.id });
    if (row === undefined) throw new Error("no patient");
    return row.id;
  };
  const inject = (who: Who, method: "GET" | "POST" | "PUT", url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...(payload === undefined ? {} : { "content-type": "application/json" }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const state = async (who: Who) => {
    const response = await inject(who, "GET", "/api/rtm/months/2026-02/");
    expect(response.statusCode, response.body).toBe(200);
    return Schema.decodeUnknownSync(MonthState, strict)(response.json());
  };
  const csv = async (who: Who): Promise<string> => {
    const response = await inject(who, "GET", "/api/rtm/months/2026-02/export.csv");
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };
  const setInstitution = (values: { rtmSupplyKind?: "musculoskeletal" | "respiratory" | null; timeZone?: string }) =>
    db.update(institutions).set(values).where(eq(institutions.id, world.clinic));

  beforeAll(async () => {
    world = await patientsWorld(driver, "keptmonth");
    db = world.t.database.db;
    world.t.clock.set(TEST_START); // 2026-03-01 12:00 UTC: February has ended in Los Angeles
    await setInstitution({ timeZone: "America/Los_Angeles", rtmSupplyKind: "musculoskeletal" });
    // Period 1 (Jan 10 - Feb 8) has 20 data days: billed in February with set-up; 65 minutes and a call.
    setupPatient = await newPatient(world.clinic, world.slpStaffId, "Kept", "Aasetup");
    await db.insert(patientDataDays).values([...days("2026-01-10", 20), ...days("2026-02-09", 20)].map((day) => ({ patientId: setupPatient, day, sessions: 1 })));
    await db.insert(rtmTimeEntries).values({ patientId: setupPatient, institutionId: world.clinic, clinicianUserId: world.accounts.slp.id, activity: "review", startedAt: new Date("2026-02-12T18:00:00Z"), minutes: 65 });
    await db.insert(rtmCalls).values({ patientId: setupPatient, institutionId: world.clinic, takenByUserId: world.accounts.slp.id, callDate: "2026-02-13", minutes: 12, participants: "patient" });
    // 25 minutes on Feb 28 at 20:00 in Los Angeles (Mar 1 in UTC) and a call on Feb 27: 98980 in Los Angeles' February only.
    edgePatient = await newPatient(world.clinic, world.otherSlpStaffId, "Kept", "Abedge");
    await db.insert(rtmTimeEntries).values({ patientId: edgePatient, institutionId: world.clinic, clinicianUserId: world.accounts.slp.id, activity: "review", startedAt: new Date("2026-02-28T20:00:00-08:00"), minutes: 25 });
    await db.insert(rtmCalls).values({ patientId: edgePatient, institutionId: world.clinic, takenByUserId: world.accounts.slp.id, callDate: "2026-02-27", minutes: 10, participants: "patient" });
    await newPatient(world.otherClinic, world.foreignStaffId, "Kept", "Foreign");

    expect((await state("admin")).locked_copy).toBeNull();
    const locked = await inject("admin", "POST", "/api/rtm/months/2026-02/lock/");
    expect(locked.statusCode, locked.body).toBe(200);
    lockedCsv = await csv("admin");
    lockedSlpCsv = await csv("slp");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const review = async (who: Who = "admin") => {
    const copy = (await state(who)).locked_copy;
    expect(copy).not.toBeNull();
    return copy ?? { differences: -1, review: [], inputs: null };
  };

  it("keeps every patient's judged line, the totals and the inputs at the lock, and reports no difference while nothing changed", async () => {
    const kept = await db.select().from(rtmMonthLockLines).where(eq(rtmMonthLockLines.institutionId, world.clinic));
    const institutionPatients = await db.select({ id: patients.id }).from(patients).where(eq(patients.institutionId, world.clinic));
    expect(kept.length).toBe(institutionPatients.length);
    const [lock] = await db.select().from(rtmMonthLocks).where(eq(rtmMonthLocks.institutionId, world.clinic));
    expect(lock?.inputs).toMatchObject({ supply_kind: "musculoskeletal", time_zone: "America/Los_Angeles", judged_on: "2026-03-01" });
    expect(lock?.totals).toMatchObject({ patients: institutionPatients.length });
    expect(lockedCsv).toContain('"Kept Aasetup"');
    expect(lockedCsv).toContain('"98975-GN; 98977-GN; 98980-GN; 98981-GN x2","yes"');
    expect(lockedCsv).toContain('"98980-GN","yes"');
    const copy = await review();
    expect(copy.differences).toBe(0);
    expect(copy.inputs).toMatchObject({ supply_kind: "musculoskeletal", time_zone: "America/Los_Angeles" });
  });

  it("setting the RPM flag after the lock leaves the CSV byte-identical and reports the line as a difference", async () => {
    const before = await state("admin");
    expect((await inject("slp", "PUT", `/api/patients/${setupPatient}/rtm/monitoring/`, { physiological_monitoring: true })).statusCode).toBe(200);
    try {
      expect(await csv("admin")).toBe(lockedCsv);
      expect(await csv("slp")).toBe(lockedSlpCsv);
      const after = await state("admin");
      expect(after.totals).toEqual(before.totals);
      expect(after.locked_copy?.differences).toBe(1);
      expect(after.locked_copy?.review[0]).toMatchObject({
        patient_id: setupPatient,
        locked: { billable: true, codes: "98975-GN; 98977-GN; 98980-GN; 98981-GN x2" },
        now: { billable: false, codes: "" },
      });
    } finally {
      expect((await inject("slp", "PUT", `/api/patients/${setupPatient}/rtm/monitoring/`, { physiological_monitoring: false })).statusCode).toBe(200);
    }
    expect((await review()).differences).toBe(0);
  });

  it("changing the supply kind after the lock leaves the CSV byte-identical and reports the lines it would change", async () => {
    await setInstitution({ rtmSupplyKind: "respiratory" });
    try {
      expect(await csv("admin")).toBe(lockedCsv);
      const copy = await review();
      expect(copy.differences).toBe(1);
      expect(copy.review[0]).toMatchObject({ patient_id: setupPatient, locked: { codes: "98975-GN; 98977-GN; 98980-GN; 98981-GN x2" }, now: { codes: "98975-GN; 98976-GN; 98980-GN; 98981-GN x2" } });
      await setInstitution({ rtmSupplyKind: null });
      expect(await csv("admin")).toBe(lockedCsv);
      expect((await review()).review.find((item) => item.patient_id === setupPatient)?.now).toMatchObject({ billable: false });
    } finally {
      await setInstitution({ rtmSupplyKind: "musculoskeletal" });
    }
  });

  it("gives an SLP the lines of the caseload the month was locked with, and another institution nothing of it", async () => {
    expect(lockedSlpCsv).toContain('"Kept Aasetup"');
    expect(lockedSlpCsv).not.toContain("Abedge");
    expect(await csv("otherAdmin")).not.toContain("Aasetup");
    expect((await state("otherAdmin")).lock).toBeNull();
    const slpCopy = await review("slp");
    expect(slpCopy.differences, JSON.stringify(slpCopy.review)).toBe(0);
  });

  // Last: a time zone change also counts the data days again from the sessions (migration 0018), and this world has none.
  it("changing the time zone after the lock leaves the CSV byte-identical and reports the moved minutes", async () => {
    await setInstitution({ timeZone: "UTC" });
    try {
      expect(await csv("admin")).toBe(lockedCsv);
      expect(await csv("slp")).toBe(lockedSlpCsv);
      const copy = await review();
      const edge = copy.review.find((item) => item.patient_id === edgePatient);
      expect(edge).toMatchObject({ locked: { billable: true, codes: "98980-GN", minutes: 25 }, now: { billable: false, minutes: 0 } });
    } finally {
      await setInstitution({ timeZone: "America/Los_Angeles" });
    }
  });
});
