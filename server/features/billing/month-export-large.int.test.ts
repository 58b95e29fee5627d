import * as Schema from "effect/Schema";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MonthExport, MonthState } from "../../../domain/billing/month-close-wire.ts";
import { monthExportCsv } from "../../../domain/billing/month-export-csv.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { rtmMonthLockLines, rtmMonthLocks } from "../../db/schema/month-close.ts";
import { patients } from "../../db/schema/patients.ts";
import { patientDataDays } from "../../db/schema/sessions.ts";
import { rtmCalls, rtmTimeEntries } from "../../db/schema/time-log.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { TEST_START } from "../../test-app.test-helper.ts";
import { BATCH, claimOrderIds, exportRowOf } from "./month-close-judge.ts";
import { rtmMonthContext, rtmMonthRows, slicePatients } from "./rtm-month-rows.ts";

// The month-end CSV streamed a batch at a time (issue 36) over more patients than three batches:
// the bytes are exactly the old whole build's (every patient judged at once, then monthExportCsv),
// the JSON envelope carries the same file, the totals and the lock's kept copy agree with it, and
// nothing says how long the file is before it is sent (no content-length: it is streamed).
const SETUP_TIMEOUT = 300_000;
const PATIENTS = BATCH * 2 + 234;
const strict = { onExcessProperty: "error" } as const;

const days = (from: string, count: number, every: number): string[] =>
  Array.from({ length: count }, (_, index) => new Date(Date.parse(`${from}T00:00:00Z`) + index * every * 86_400_000).toISOString().slice(0, 10));

describe.each(TEST_DRIVERS)("the month-end CSV of a large slice on %s", (driver) => {
  let world: PatientsWorld;
  let db: PatientsWorld["t"]["database"]["db"];

  beforeAll(async () => {
    world = await patientsWorld(driver, "monthlarge");
    db = world.t.database.db;
    world.t.clock.set(TEST_START); // 2026-03-01: February has ended
    await db.update(institutions).set({ rtmSupplyKind: "musculoskeletal" }).where(eq(institutions.id, world.clinic));
    const names = ["Ann", "Bo", "Cé", "dave", "Émile", "=SUM(1)", 'Quote "Q"', "Zoë"];
    const values = Array.from({ length: PATIENTS }, (_, index) => ({
      institutionId: world.clinic,
      firstName: `${names[index % names.length]}${index % 7}`,
      // Repeated last names, so the order falls through to the first name and the id.
      lastName: `${names[(index * 3) % names.length]}, ${index % 11}`,
      email: `large.${index}.${driver}@month.test`,
      birthdate: "1950-01-02",
      gender: "female" as const,
      assignedStaffId: index % 3 === 0 ? world.otherSlpStaffId : world.slpStaffId,
      status: "active" as const,
    }));
    const ids: number[] = [];
    for (let start = 0; start < values.length; start += 400) {
      const rows = await db.insert(patients).values(values.slice(start, start + 400)).returning({ id: patients.id });
      ids.push(...rows.map((row) => row.id));
    }
    // Varied months: settled periods of 2-15 and 16+ data days ending in February, none, minutes with and without a call.
    const dataDays = ids.flatMap((patientId, index) =>
      index % 4 === 3 ? [] : days(index % 2 === 0 ? "2026-01-05" : "2026-01-20", 12 + (index % 25), index % 3 === 0 ? 2 : 1).map((day) => ({ patientId, day, sessions: 1 + (index % 3) })),
    );
    for (let start = 0; start < dataDays.length; start += 2000) await db.insert(patientDataDays).values(dataDays.slice(start, start + 2000));
    const managed = ids.filter((_, index) => index % 5 === 0);
    await db.insert(rtmTimeEntries).values(
      managed.map((patientId, index) => ({ patientId, institutionId: world.clinic, clinicianUserId: world.accounts.slp.id, activity: "review", startedAt: new Date(`2026-02-1${index % 9}T15:00:00Z`), minutes: 10 + (index % 50) })),
    );
    await db.insert(rtmCalls).values(
      managed.filter((_, index) => index % 2 === 0).map((patientId) => ({ patientId, institutionId: world.clinic, takenByUserId: world.accounts.slp.id, callDate: "2026-02-20", minutes: 9, participants: "patient" })),
    );
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const get = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> => world.t.app.inject({ method: "GET", url, headers: { ...world.headers.admin, ...headers } });

  /** The file as the route built it before it was streamed: every patient of the slice judged at once, then the whole text. */
  const wholeBuild = async (staffId: number | null): Promise<string> => {
    const slice = { institutionId: world.clinic, staffId };
    const context = await rtmMonthContext(db, world.clinic, "2026-02", world.t.clock.now());
    const ids = await claimOrderIds(db, slice);
    const all = await slicePatients(db, slice);
    const byId = new Map(all.map((patient) => [patient.id, patient]));
    const page = ids.flatMap((id) => byId.get(id) ?? []);
    const judged = await rtmMonthRows(db, context, page);
    return monthExportCsv(judged.map((month, index) => exportRowOf({ patient: page[index] ?? (undefined as never), month, lines: month.status.lines })));
  };

  it(
    "streams the same bytes as the whole build, in the JSON envelope too, and audits the row count",
    async () => {
      const whole = await wholeBuild(null);
      expect(whole.split("\r\n").length - 2).toBe(PATIENTS);
      const csv = await get("/api/rtm/months/2026-02/export.csv");
      expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
      expect(csv.headers["content-length"]).toBeUndefined();
      expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.headers["content-disposition"]).toBe('attachment; filename="rtm-2026-02-draft.csv"');
      expect(csv.body).toBe(whole);
      const json = await get("/api/rtm/months/2026-02/export.csv", { accept: "application/json" });
      expect(json.statusCode).toBe(200);
      expect(Schema.decodeUnknownSync(MonthExport, strict)(json.json())).toEqual({ filename: "rtm-2026-02-draft.csv", locked: false, rows: PATIENTS, csv: whole });
      const audits = await db
        .select({ detail: auditEvents.reason })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, "export"), eq(auditEvents.resource, "rtm_month")));
      expect(audits.map((row) => row.detail)).toEqual([`rows:${PATIENTS}`, `rows:${PATIENTS}`]);
      // An SLP's file is their caseload's lines alone, in the same order.
      const slp = await world.t.app.inject({ method: "GET", url: "/api/rtm/months/2026-02/export.csv", headers: world.headers.slp });
      expect(slp.body).toBe(await wholeBuild(world.slpStaffId));
    },
    SETUP_TIMEOUT,
  );

  it(
    "locks the month with every line kept, and the locked file and totals are the draft's",
    async () => {
      const draft = (await get("/api/rtm/months/2026-02/export.csv")).body;
      const before = Schema.decodeUnknownSync(MonthState, strict)((await get("/api/rtm/months/2026-02/")).json());
      expect(before.totals.patients).toBe(PATIENTS);
      expect(before.totals.billable).toBeGreaterThan(0);
      // While the lock judges the month, time-log writes are not held (issue 36): one in the locked month
      // is refused at once, one in an open month is written, both before the lock has answered.
      let settled = false;
      const locking = world.t.app.inject({ method: "POST", url: "/api/rtm/months/2026-02/lock/", headers: world.headers.admin }).finally(() => {
        settled = true;
      });
      const [patient] = await db.select({ id: patients.id }).from(patients).where(eq(patients.assignedStaffId, world.slpStaffId)).limit(1);
      const write = (start: string) =>
        world.t.app.inject({
          method: "POST",
          url: `/api/patients/${patient?.id}/rtm/time-entries/`,
          headers: { ...world.headers.slp, "content-type": "application/json" },
          payload: JSON.stringify({ activity: "review", start, minutes: 5 }),
        });
      if (driver === "postgres") {
        while ((await db.select({ month: rtmMonthLocks.month }).from(rtmMonthLocks)).length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
        // The lock is visible before its copy: the month is judged after the lock committed, not under it.
        expect(await db.select({ position: rtmMonthLockLines.position }).from(rtmMonthLockLines)).toEqual([]);
        const [inLocked, inOpen] = [await write("2026-02-25T10:00:00Z"), await write("2026-03-01T08:00:00Z")];
        expect(settled).toBe(false);
        expect(inLocked.statusCode, inLocked.body).toBe(409);
        expect(inOpen.statusCode, inOpen.body).toBe(201);
      }
      const locked = await locking;
      expect(locked.statusCode, locked.body).toBe(200);
      const kept = await db.select({ position: rtmMonthLockLines.position }).from(rtmMonthLockLines).where(eq(rtmMonthLockLines.month, "2026-02"));
      expect(kept.map((row) => row.position).toSorted((a, b) => a - b)).toEqual(Array.from({ length: PATIENTS }, (_, index) => index));
      const file = await get("/api/rtm/months/2026-02/export.csv");
      expect(file.headers["content-disposition"]).toBe('attachment; filename="rtm-2026-02.csv"');
      expect(file.body).toBe(draft);
      const after = Schema.decodeUnknownSync(MonthState, strict)((await get("/api/rtm/months/2026-02/")).json());
      expect(after.totals).toEqual(before.totals);
      expect(after.locked_copy?.differences).toBe(0);
    },
    SETUP_TIMEOUT,
  );
});
