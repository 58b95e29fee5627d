import * as Schema from "effect/Schema";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MonthExport, MonthLockAnswer, MonthState } from "../../../domain/billing/month-close-wire.ts";
import { MONTH_EXPORT_COLUMNS } from "../../../domain/billing/month-export-csv.ts";
import { parseCsv } from "../../../domain/shared/format/csv.ts";
import { RtmListResponse } from "../../../domain/billing/rtm-list-wire.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { rtmMonthLocks, rtmSetupBilled } from "../../db/schema/month-close.ts";
import { patients } from "../../db/schema/patients.ts";
import { patientDataDays } from "../../db/schema/sessions.ts";
import { rtmCalls, rtmTimeEntries } from "../../db/schema/time-log.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { TEST_START } from "../../test-app.test-helper.ts";

// Month-end (issue 24, docs/billing.md "Month-end"): locking an ended month, every time-log write
// refused in it, the set-up (98975) recorded at the lock and never claimed again in the episode,
// the CSV of the caller's slice (escaped, name order, no other slice), and bad months 400.
const SETUP_TIMEOUT = 180_000;
const strict = { onExcessProperty: "error" } as const;
type Who = keyof PatientsWorld["headers"];

const days = (from: string, count: number): string[] =>
  Array.from({ length: count }, (_, index) => new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10));

describe.each(TEST_DRIVERS)("month-end on %s", (driver) => {
  let world: PatientsWorld;
  let db: PatientsWorld["t"]["database"]["db"];
  let serial = 0;
  let setupPatient: number;
  let febEntry: number;
  let marchEntry: number;

  const newPatient = async (institutionId: number, staffId: number, firstName: string, lastName = "Close"): Promise<number> => {
    serial += 1;
    const [row] = await db
      .insert(patients)
      .values({ institutionId, firstName, lastName, email: `close.${serial}.${driver}@month.test`, birthdate: "1948-06-07", gender: "female", assignedStaffId: staffId, status: "active" })
      .returning({ id: patients.id });
    if (row === undefined) throw new Error("no patient");
    return row.id;
  };
  const entry = async (patientId: number, startedAt: string, minutes: number): Promise<number> => {
    const [row] = await db
      .insert(rtmTimeEntries)
      .values({ patientId, institutionId: world.clinic, clinicianUserId: world.accounts.slp.id, activity: "review", startedAt: new Date(startedAt), minutes })
      .returning({ id: rtmTimeEntries.id });
    return row?.id ?? 0;
  };

  beforeAll(async () => {
    world = await patientsWorld(driver, "monthclose");
    db = world.t.database.db;
    world.t.clock.set(TEST_START); // 2026-03-01 12:00 UTC: 04:00 in Los Angeles, February has just ended there
    await db.update(institutions).set({ timeZone: "America/Los_Angeles", rtmSupplyKind: "musculoskeletal" }).where(eq(institutions.id, world.clinic));
    // Monitoring from Jan 10: period 1 (Jan 10 - Feb 8) has 20 data days and is billed in February with set-up;
    // period 2 (Feb 9 - Mar 10) has 20 too and is billed in March.
    setupPatient = await newPatient(world.clinic, world.slpStaffId, "Aabigail", "Setup");
    await db.insert(patientDataDays).values([...days("2026-01-10", 20), ...days("2026-02-09", 20)].map((day) => ({ patientId: setupPatient, day, sessions: 1 })));
    febEntry = await entry(setupPatient, "2026-02-12T18:00:00Z", 65);
    marchEntry = await entry(setupPatient, "2026-03-01T09:00:00Z", 5); // Mar 1 01:00 in Los Angeles
    await db.insert(rtmCalls).values({ patientId: setupPatient, institutionId: world.clinic, takenByUserId: world.accounts.slp.id, callDate: "2026-02-13", minutes: 12, participants: "patient" });
    // A name a spreadsheet would run and that holds CSV's separators; another SLP's patient; another institution's.
    await newPatient(world.clinic, world.slpStaffId, '=HYPERLINK("x")', 'Doe, "Jr"');
    await newPatient(world.clinic, world.otherSlpStaffId, "Aacaseload", "Other");
    await newPatient(world.otherClinic, world.foreignStaffId, "Aaforeign", "Lakeside");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const inject = (who: Who, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    world.t.app.inject({ method, url, headers: { ...world.headers[who], ...headers, ...(payload === undefined ? {} : { "content-type": "application/json" }) }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
  const state = async (who: Who, month: string) => {
    const response = await inject(who, "GET", `/api/rtm/months/${month}/`);
    expect(response.statusCode, response.body).toBe(200);
    return Schema.decodeUnknownSync(MonthState, strict)(response.json());
  };
  const lock = (who: Who, month: string) => inject(who, "POST", `/api/rtm/months/${month}/lock/`);
  const csvOf = async (who: Who, month: string) => {
    const response = await inject(who, "GET", `/api/rtm/months/${month}/export.csv`);
    expect(response.statusCode, response.body).toBe(200);
    return { response, records: parseCsv(response.body) };
  };
  const marchCodes = async (): Promise<string[]> => {
    const response = await inject("admin", "GET", "/api/rtm/?month=2026-03&page_size=50");
    const page = Schema.decodeUnknownSync(RtmListResponse, strict)(response.json());
    return page.results.find((row) => row.patient.id === setupPatient)?.codes.map((code) => code.code) ?? [];
  };
  const liveEntries = async () => db.select().from(rtmTimeEntries).where(and(eq(rtmTimeEntries.patientId, setupPatient), isNull(rtmTimeEntries.deletedAt))).orderBy(asc(rtmTimeEntries.id));

  it("refuses a malformed month with 400 ERROR_056 on every route, never a 500", async () => {
    for (const month of ["2026-13", "2026-1", "26-02", "abc", "2026-02-01", "2026-00", "%00"]) {
      for (const [method, url] of [
        ["GET", `/api/rtm/months/${month}/`],
        ["POST", `/api/rtm/months/${month}/lock/`],
        ["GET", `/api/rtm/months/${month}/export.csv`],
      ] as const) {
        const response = await inject("admin", method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json()).toMatchObject({ code: "ERROR_056" });
      }
    }
    expect(await db.select().from(rtmMonthLocks)).toEqual([]);
  });

  it("refuses the super administrator (403) and lets no SLP lock (403)", async () => {
    for (const url of ["/api/rtm/months/2026-02/", "/api/rtm/months/2026-02/export.csv"]) expect((await inject("superAdmin", "GET", url)).statusCode).toBe(403);
    expect((await lock("superAdmin", "2026-02")).statusCode).toBe(403);
    const slp = await lock("slp", "2026-02");
    expect(slp.statusCode).toBe(403);
    expect(slp.json()).toMatchObject({ code: "ERROR_001" });
    expect(await db.select().from(rtmMonthLocks)).toEqual([]);
  });

  it("refuses to lock a month that has not ended on the institution's calendar (400 ERROR_056 on month)", async () => {
    for (const month of ["2026-03", "2026-04", "2027-01"]) {
      const response = await lock("admin", month);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "ERROR_056", detail: { field: "month" } });
    }
    // March 1 04:00 in Los Angeles: February has ended there, March has not.
    expect((await state("admin", "2026-03")).ended).toBe(false);
    expect((await state("admin", "2026-02")).ended).toBe(true);
    expect(await db.select().from(rtmMonthLocks)).toEqual([]);
    expect(await db.select().from(rtmSetupBilled)).toEqual([]);
  });

  it("gives the month's totals over the caller's slice, open until locked", async () => {
    const admin = await state("admin", "2026-02");
    expect(admin.lock).toBeNull();
    const [inClinic] = await db.select({ total: sql<number>`count(*)::int` }).from(patients).where(and(eq(patients.institutionId, world.clinic), isNull(patients.archivedAt)));
    expect(admin.totals.patients).toBe(inClinic?.total);
    expect(admin.totals.by_status.reduce((sum, item) => sum + item.patients, 0)).toBe(admin.totals.patients);
    expect(admin.totals.by_code).toEqual(
      expect.arrayContaining([
        { code: "98975", modifier: "GN", units: 1, patients: 1 },
        { code: "98977", modifier: "GN", units: 1, patients: 1 },
        { code: "98981", modifier: "GN", units: 2, patients: 1 },
      ]),
    );
    const slp = await state("slp", "2026-02");
    expect(slp.totals.patients).toBeLessThan(admin.totals.patients);
  });

  it("exports the month as an RFC 4180 CSV of the caller's slice in last-name order, escaped, a draft while open", async () => {
    const { response, records } = await csvOf("admin", "2026-02");
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="rtm-2026-02-draft.csv"');
    expect(records[0]).toEqual([...MONTH_EXPORT_COLUMNS]);
    const body = records.slice(1);
    const row = body.find((record) => record[0] === "Aabigail Setup");
    expect(row).toEqual(["Aabigail Setup", "1948-06-07", expect.any(String), "2026-01-10", "2026-02-08", "20", "65", "2026-02-13", "98975-GN; 98977-GN; 98980-GN; 98981-GN x2", "yes"]);
    expect(row?.[2]).not.toBe("");
    // The formula is shown as text, the quotes and the comma survive the round trip.
    expect(body.some((record) => record[0] === `'=HYPERLINK("x") Doe, "Jr"`)).toBe(true);
    expect(response.body).toContain(`"'=HYPERLINK(""x"") Doe, ""Jr"""`);
    expect(body.some((record) => record[0] === "Aaforeign Lakeside")).toBe(false);
    expect(body.some((record) => record[0] === "Aacaseload Other")).toBe(true);
    const names = await db
      .select({ first: patients.firstName, last: patients.lastName })
      .from(patients)
      .where(and(eq(patients.institutionId, world.clinic), isNull(patients.archivedAt)))
      // The claim file's order (issue 31, item 18): last name, then first name.
      .orderBy(sql`patient_fold(${patients.lastName}) collate "C"`, sql`patient_fold(${patients.firstName}) collate "C"`, asc(patients.id));
    expect(body.map((record) => record[0])).toEqual(names.map((name) => `${name.first} ${name.last}`.replace(/^=/, "'=")));
    const audited = await db.select().from(auditEvents).where(and(eq(auditEvents.action, "export"), eq(auditEvents.resource, "rtm_month"), eq(auditEvents.resourceId, "2026-02")));
    expect(audited.some((event) => event.outcome === "success" && event.reason === `rows:${body.length}`)).toBe(true);
  });

  it("exports only an SLP's caseload, and the same file as JSON when the portal asks for it", async () => {
    const { records } = await csvOf("slp", "2026-02");
    const names = records.slice(1).map((record) => record[0]);
    expect(names).toContain("Aabigail Setup");
    expect(names).not.toContain("Aacaseload Other");
    expect((await csvOf("otherAdmin", "2026-02")).records.slice(1).map((record) => record[0])).toEqual(["Aaforeign Lakeside"]);
    const json = await inject("slp", "GET", "/api/rtm/months/2026-02/export.csv", undefined, { accept: "application/json" });
    const file = Schema.decodeUnknownSync(MonthExport, strict)(json.json());
    expect(file).toMatchObject({ filename: "rtm-2026-02-draft.csv", locked: false, rows: records.length - 1 });
    expect(parseCsv(file.csv)).toEqual(records);
  });

  it("locks an ended month once (a second lock answers the first), records set-up, and the next month no longer claims it", async () => {
    expect(await marchCodes()).toContain("98975");
    const first = await lock("admin", "2026-02");
    expect(first.statusCode, first.body).toBe(200);
    const answer = Schema.decodeUnknownSync(MonthLockAnswer, strict)(first.json());
    expect(answer).toMatchObject({ month: "2026-02", created: true, setup_recorded: 1, lock: { locked_by: { id: world.accounts.admin.id } } });
    expect(await db.select({ patientId: rtmSetupBilled.patientId, month: rtmSetupBilled.month, episodeStart: rtmSetupBilled.episodeStart }).from(rtmSetupBilled)).toEqual([
      { patientId: setupPatient, month: "2026-02", episodeStart: "2026-01-10" },
    ]);
    const again = await lock("staffAdmin", "2026-02");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, setup_recorded: 0, lock: answer.lock });
    expect(await db.select().from(rtmMonthLocks)).toHaveLength(1);
    expect((await state("slp", "2026-02")).lock).toEqual(answer.lock);
    // The other institution's February is still open, and it sees nothing of this lock.
    expect((await state("otherAdmin", "2026-02")).lock).toBeNull();
    // February itself still shows its set-up; March, same episode, no longer claims it.
    const { response } = await csvOf("admin", "2026-02");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="rtm-2026-02.csv"');
    expect(response.body).toContain("98975-GN; 98977-GN");
    expect(await marchCodes()).not.toContain("98975");
    expect(await marchCodes()).toContain("98977");
    const audited = await db.select().from(auditEvents).where(and(eq(auditEvents.action, "lock"), eq(auditEvents.resource, "rtm_month"), eq(auditEvents.resourceId, "2026-02")));
    expect(audited.map((event) => event.reason).sort()).toEqual(["already_locked", "setup_recorded:1"]);
  });

  it("lets a staff administrator lock an ended month", async () => {
    const response = await lock("staffAdmin", "2026-01");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: true, setup_recorded: 0 });
  });

  it("refuses every time-log write that falls in a locked month (409 ERROR_050) and changes nothing", async () => {
    const before = await liveEntries();
    const callsBefore = await db.select().from(rtmCalls).where(eq(rtmCalls.patientId, setupPatient));
    const refused = async (response: LightMyRequestResponse) => {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: "ERROR_050", detail: { field: "month" } });
    };
    const febVersion = before.find((row) => row.id === febEntry)?.version ?? 1;
    const marchVersion = before.find((row) => row.id === marchEntry)?.version ?? 1;
    // New time in February, also February by the institution's calendar though March 1 in UTC.
    await refused(await inject("slp", "POST", `/api/patients/${setupPatient}/rtm/time-entries/`, { activity: "review", start: "2026-02-20T10:00:00Z", minutes: 10 }));
    await refused(await inject("slp", "POST", `/api/patients/${setupPatient}/rtm/time-entries/`, { activity: "review", start: "2026-03-01T05:00:00Z", minutes: 10 }));
    // A correction of a February entry, moving it out to March, moving a March entry into February, removing one.
    await refused(await inject("slp", "PATCH", `/api/rtm/time-entries/${febEntry}/`, { minutes: 70, reason: "typo", version: febVersion }));
    await refused(await inject("slp", "PATCH", `/api/rtm/time-entries/${febEntry}/`, { start: "2026-03-01T10:00:00Z", reason: "wrong day", version: febVersion }));
    await refused(await inject("slp", "PATCH", `/api/rtm/time-entries/${marchEntry}/`, { start: "2026-02-27T10:00:00Z", reason: "wrong day", version: marchVersion }));
    await refused(await inject("slp", "DELETE", `/api/rtm/time-entries/${febEntry}/`, { reason: "duplicate", version: febVersion }));
    // A call on a February day.
    await refused(await inject("slp", "POST", `/api/patients/${setupPatient}/rtm/calls/`, { date: "2026-02-27", minutes: 5, participants: "patient" }));
    expect(await liveEntries()).toEqual(before);
    expect(await db.select().from(rtmCalls).where(eq(rtmCalls.patientId, setupPatient))).toEqual(callsBefore);
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.reason, "month_locked"));
    expect(audited).toHaveLength(7);
    expect(audited.every((event) => event.outcome === "failure")).toBe(true);
  });

  it("still takes writes in an open month", async () => {
    const created = await inject("slp", "POST", `/api/patients/${setupPatient}/rtm/time-entries/`, { activity: "review", start: "2026-03-01T10:00:00Z", minutes: 10 });
    expect(created.statusCode, created.body).toBe(201);
    const version = (await liveEntries()).find((row) => row.id === marchEntry)?.version ?? 1;
    expect((await inject("slp", "PATCH", `/api/rtm/time-entries/${marchEntry}/`, { minutes: 6, reason: "typo", version })).statusCode).toBe(200);
    expect((await inject("slp", "POST", `/api/patients/${setupPatient}/rtm/calls/`, { date: "2026-03-01", minutes: 5, participants: "patient" })).statusCode).toBe(201);
  });
});
