import * as Schema from "effect/Schema";
import { and, asc, eq, gt } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CallList, CallRecord, TimeEntry, TimeEntryList } from "../../../domain/billing/time-log-wire.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { patients } from "../../db/schema/patients.ts";
import { rtmTimeEntries } from "../../db/schema/time-log.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";

// The time log and call log (issue 24, docs/billing.md "Time log"): entries written, listed by the
// institution's month, corrected and removed with a reason (kept and audited), calls; the patient
// slice decides who reaches what, and a bad body or query is a 400 with a catalogue code, on each database.
const SETUP_TIMEOUT = 180_000;
const decodeStrictly = <S extends Schema.Top>(schema: S, value: unknown) => Schema.decodeUnknownSync(schema as never, { onExcessProperty: "error" })(value) as S["Type"];

type Who = keyof PatientsWorld["headers"];
type Failure = { code: string; detail: { field?: string } | null };
/** A mark only the other institution's patient's entry carries: no answer to anyone else may hold it. */
const FOREIGN_MARK = "lakeside-only-note";

describe.each(TEST_DRIVERS)("the time log on %s", (driver) => {
  let world: PatientsWorld;
  let ownPatient = 0;
  let otherSlpPatient = 0;
  let foreignPatient = 0;
  let serial = 0;

  const newPatient = async (institutionId: number, staffId: number | null, firstName: string): Promise<number> => {
    serial += 1;
    const [row] = await world.t.database.db
      .insert(patients)
      .values({ institutionId, firstName, lastName: "Minutes", email: `${firstName.toLowerCase()}.${serial}.${driver}@time.test`, birthdate: "1948-06-07", gender: "female", assignedStaffId: staffId, status: "active" })
      .returning({ id: patients.id });
    if (row === undefined) throw new Error("no patient");
    return row.id;
  };

  beforeAll(async () => {
    world = await patientsWorld(driver, "timelog");
    ownPatient = await newPatient(world.clinic, world.slpStaffId, "Ottilie");
    otherSlpPatient = await newPatient(world.clinic, world.otherSlpStaffId, "Bertram");
    foreignPatient = await newPatient(world.otherClinic, world.foreignStaffId, "Zelda");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const call = (who: Who, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...(payload === undefined ? {} : { "content-type": "application/json" }), ...headers },
      ...(payload === undefined ? {} : { payload: typeof payload === "string" ? payload : JSON.stringify(payload) }),
    });
  const expectFailure = (response: LightMyRequestResponse, status: number, code: string): Failure => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as Failure;
    expect(body.code, response.body).toBe(code);
    return body;
  };
  const entriesUrl = (patientId: number) => `/api/patients/${patientId}/rtm/time-entries/`;
  const callsUrl = (patientId: number) => `/api/patients/${patientId}/rtm/calls/`;
  const listEntries = async (who: Who, patientId: number, month: string) => {
    const response = await call(who, "GET", `${entriesUrl(patientId)}?month=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    return decodeStrictly(TimeEntryList, response.json());
  };
  const create = async (who: Who, patientId: number, body: Record<string, unknown>) => {
    const response = await call(who, "POST", entriesUrl(patientId), body);
    expect(response.statusCode, response.body).toBe(201);
    return decodeStrictly(TimeEntry, response.json());
  };

  it("writes an entry, lists it in the month of the institution's calendar, with its clinician", async () => {
    // 23:30 in New York on 28 February is already March in UTC: the institution's calendar decides.
    const entry = await create("slp", ownPatient, { activity: "review", start: "2026-02-28T23:30:00-05:00", minutes: 12, note: "  reviewed three sessions  " });
    expect(entry).toMatchObject({ activity: "review", minutes: 12, note: "reviewed three sessions", version: 1, corrected: null, patient_id: ownPatient });
    expect(entry.clinician.id).toBe(world.accounts.slp.id);
    expect((await listEntries("slp", ownPatient, "2026-02")).map((row) => row.id)).toEqual([entry.id]);
    expect(await listEntries("slp", ownPatient, "2026-03")).toEqual([]);
    // The administrator of the clinic reads the log (rtm list) but does not write it.
    expect((await listEntries("admin", ownPatient, "2026-02")).map((row) => row.id)).toEqual([entry.id]);
    // The permission refusal of a write (spec section 8: 'You do not have permission to create this element').
    expectFailure(await call("admin", "POST", entriesUrl(ownPatient), { activity: "review", start: "2026-02-20T10:00:00Z", minutes: 5 }), 403, "ERROR_075");
  });

  it("stores overlapping entries as they are (billing counts their union)", async () => {
    const first = await create("slp", ownPatient, { activity: "messaging", start: "2026-02-10T10:00:00Z", minutes: 30 });
    const second = await create("staffAdmin", ownPatient, { activity: "care_planning", start: "2026-02-10T10:15:00Z", minutes: 30 });
    const ids = (await listEntries("slp", ownPatient, "2026-02")).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it("corrects an entry with a reason, refuses a stale version with 412 and a missing reason with 400", async () => {
    const entry = await create("slp", ownPatient, { activity: "call", start: "2026-02-12T09:00:00Z", minutes: 20 });
    const url = `/api/rtm/time-entries/${entry.id}/`;
    expectFailure(await call("slp", "PATCH", url, { minutes: 25, version: 1 }), 400, "ERROR_056");
    expectFailure(await call("slp", "PATCH", url, { minutes: 25, reason: "   ", version: 1 }), 400, "ERROR_056");
    const response = await call("slp", "PATCH", url, { minutes: 25, note: "call ran longer", reason: "typed 20, was 25", version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const corrected = decodeStrictly(TimeEntry, response.json());
    expect(corrected).toMatchObject({ minutes: 25, note: "call ran longer", activity: "call", version: 2 });
    expect(corrected.corrected).toMatchObject({ reason: "typed 20, was 25", by: world.accounts.slp.id });
    expect(response.headers.etag).toBe('"2"');
    expectFailure(await call("slp", "PATCH", url, { minutes: 30, reason: "again", version: 1 }), 412, "ERROR_056");
    expectFailure(await call("slp", "PATCH", url, { minutes: 30, reason: "again" }, { "if-match": '"1"' }), 412, "ERROR_056");
    expectFailure(await call("slp", "PATCH", url, { minutes: 601, reason: "too long", version: 2 }), 400, "ERROR_056");
    expectFailure(await call("slp", "PATCH", url, { start: "2026-03-01T12:05:00Z", reason: "future", version: 2 }), 400, "ERROR_056");
  });

  it("removes an entry with a reason: gone from the list, kept in the table, every write audited", async () => {
    const before = await world.t.database.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(asc(auditEvents.id));
    const lastAudit = before.at(-1)?.id ?? 0;
    const entry = await create("slp", ownPatient, { activity: "review", start: "2026-02-14T09:00:00Z", minutes: 8 });
    const url = `/api/rtm/time-entries/${entry.id}/`;
    expect((await call("slp", "PATCH", url, { minutes: 9, reason: "one more minute", version: 1 })).statusCode).toBe(200);
    expectFailure(await call("slp", "DELETE", url, { version: 2 }), 400, "ERROR_056");
    expectFailure(await call("slp", "DELETE", url, { reason: "wrong patient", version: 1 }), 412, "ERROR_056");
    const removed = await call("slp", "DELETE", url, { reason: "wrong patient", version: 2 });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await listEntries("slp", ownPatient, "2026-02")).map((row) => row.id)).not.toContain(entry.id);
    expectFailure(await call("slp", "PATCH", url, { minutes: 10, reason: "after removal" }), 404, "ERROR_030");
    expectFailure(await call("slp", "DELETE", url, { reason: "twice" }), 404, "ERROR_030");
    const [kept] = await world.t.database.db.select().from(rtmTimeEntries).where(eq(rtmTimeEntries.id, entry.id));
    expect(kept).toMatchObject({ minutes: 9, deletedReason: "wrong patient", correctedReason: "one more minute" });
    expect(kept?.deletedAt).toBeInstanceOf(Date);
    const rows = await world.t.database.db
      .select({ action: auditEvents.action, outcome: auditEvents.outcome, reason: auditEvents.reason })
      .from(auditEvents)
      .where(and(gt(auditEvents.id, lastAudit), eq(auditEvents.resource, "rtm_time_entry"), eq(auditEvents.resourceId, String(entry.id))))
      .orderBy(asc(auditEvents.id));
    expect(rows.filter((row) => row.outcome === "success").map((row) => row.action)).toEqual(["create", "update", "delete"]);
    expect(rows.some((row) => row.reason === "stale_version")).toBe(true);
  });

  it("answers another institution's patient and entry with the 404 of an unknown id, and leaks nothing", async () => {
    const foreign = await create("slp", ownPatient, { activity: "review", start: "2026-02-15T09:00:00Z", minutes: 3 });
    // An entry of the other clinic, written as its own SLP would (the world has no token for them).
    const [row] = await world.t.database.db
      .insert(rtmTimeEntries)
      .values({ patientId: foreignPatient, institutionId: world.otherClinic, clinicianUserId: world.accounts.admin.id, activity: "review", startedAt: new Date("2026-02-15T09:00:00Z"), minutes: 5, note: FOREIGN_MARK })
      .returning({ id: rtmTimeEntries.id });
    const foreignEntry = row?.id ?? 0;
    const answers = [
      expectFailure(await call("slp", "GET", `${entriesUrl(foreignPatient)}?month=2026-02`), 404, "ERROR_030"),
      expectFailure(await call("admin", "GET", `${entriesUrl(foreignPatient)}?month=2026-02`), 404, "ERROR_030"),
      expectFailure(await call("slp", "POST", entriesUrl(foreignPatient), { activity: "review", start: "2026-02-15T09:00:00Z", minutes: 3 }), 404, "ERROR_030"),
      expectFailure(await call("slp", "PATCH", `/api/rtm/time-entries/${foreignEntry}/`, { minutes: 6, reason: "probe" }), 404, "ERROR_030"),
      expectFailure(await call("slp", "DELETE", `/api/rtm/time-entries/${foreignEntry}/`, { reason: "probe" }), 404, "ERROR_030"),
      expectFailure(await call("slp", "GET", `${callsUrl(foreignPatient)}?month=2026-02`), 404, "ERROR_030"),
      expectFailure(await call("slp", "POST", callsUrl(foreignPatient), { date: "2026-02-15", minutes: 5, participants: "patient" }), 404, "ERROR_030"),
    ];
    // An unknown entry reads exactly as the other clinic's.
    const unknown = await call("slp", "PATCH", "/api/rtm/time-entries/2147483000/", { minutes: 6, reason: "probe" });
    const withoutId = ({ id: _id, ...rest }: Record<string, unknown>) => rest;
    expect(withoutId(unknown.json() as Record<string, unknown>)).toEqual(withoutId(answers[3] as unknown as Record<string, unknown>));
    expect(JSON.stringify(answers)).not.toContain(FOREIGN_MARK);
    // The other clinic's administrator does not reach this clinic's entry either.
    expectFailure(await call("otherAdmin", "GET", `${entriesUrl(ownPatient)}?month=2026-02`), 404, "ERROR_030");
    const [untouched] = await world.t.database.db.select().from(rtmTimeEntries).where(eq(rtmTimeEntries.id, foreignEntry));
    expect(untouched).toMatchObject({ minutes: 5, deletedAt: null, correctedReason: null });
    expect(foreign.patient_id).toBe(ownPatient);
  });

  it("keeps an SLP to their caseload, and the super administrator out", async () => {
    const theirs = await create("otherSlp", otherSlpPatient, { activity: "review", start: "2026-02-16T09:00:00Z", minutes: 4 });
    expectFailure(await call("slp", "GET", `${entriesUrl(otherSlpPatient)}?month=2026-02`), 404, "ERROR_030");
    expectFailure(await call("slp", "POST", entriesUrl(otherSlpPatient), { activity: "review", start: "2026-02-16T09:00:00Z", minutes: 4 }), 404, "ERROR_030");
    expectFailure(await call("slp", "PATCH", `/api/rtm/time-entries/${theirs.id}/`, { minutes: 6, reason: "not mine" }), 404, "ERROR_030");
    expectFailure(await call("slp", "POST", callsUrl(otherSlpPatient), { date: "2026-02-16", minutes: 5, participants: "patient" }), 404, "ERROR_030");
    // The staff administrator reaches the whole clinic.
    expect((await listEntries("staffAdmin", otherSlpPatient, "2026-02")).map((row) => row.id)).toEqual([theirs.id]);
    expectFailure(await call("superAdmin", "GET", `${entriesUrl(ownPatient)}?month=2026-02`), 403, "ERROR_001");
    // The platform holds no rtm permission at all: its writes are refused by the permission table first.
    expectFailure(await call("superAdmin", "POST", callsUrl(ownPatient), { date: "2026-02-16", minutes: 5, participants: "patient" }), 403, "ERROR_075");
    expect((await call("superAdmin", "PATCH", `/api/rtm/time-entries/${theirs.id}/`, { minutes: 6, reason: "platform" })).statusCode).toBe(403);
  });

  it("answers malformed bodies and queries with 400 and a catalogue code, never 500", async () => {
    const good = { activity: "review", start: "2026-02-20T10:00:00Z", minutes: 5 };
    const bodies: unknown[] = [
      {},
      { ...good, minutes: 0 },
      { ...good, minutes: 601 },
      { ...good, minutes: 2.5 },
      { ...good, minutes: "5" },
      { ...good, activity: "coffee" },
      { ...good, start: "2026-02-20" },
      { ...good, start: "2026-02-30T10:00:00Z" },
      { ...good, start: "2026-03-01T12:02:00Z" },
      { ...good, note: "x".repeat(2001) },
      { ...good, note: 42 },
      "[]",
      "null",
    ];
    for (const body of bodies) {
      const response = await call("slp", "POST", entriesUrl(ownPatient), body);
      expect(response.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${response.body}`).toBe(400);
      expect(["ERROR_056", "ERROR_003"], response.body).toContain((response.json() as Failure).code);
    }
    // A body that is not JSON is the framework's 400 ERROR_001, as on every route (server/http/request-errors.int.test.ts).
    expectFailure(await call("slp", "POST", entriesUrl(ownPatient), '{"activity": "review",'), 400, "ERROR_001");
    // A minute ahead of the clock is tolerated (a clinician's clock a little fast).
    await create("slp", ownPatient, { ...good, start: "2026-03-01T12:00:50Z" });
    for (const query of ["", "?month=", "?month=2026-13", "?month=2026-2", "?month=abc", "?month=2026-02&month=2026-03"]) {
      for (const url of [entriesUrl(ownPatient), callsUrl(ownPatient)]) {
        const response = await call("slp", "GET", `${url}${query}`);
        expect(response.statusCode, `${url}${query}: ${response.body}`).toBe(400);
      }
    }
    for (const url of ["/api/rtm/time-entries/0/", "/api/rtm/time-entries/abc/", "/api/rtm/time-entries/99999999999/"]) {
      const response = await call("slp", "PATCH", url, { minutes: 5, reason: "x" });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
    }
    const callBodies: unknown[] = [
      {},
      { date: "2026-02-20", minutes: 0, participants: "patient" },
      { date: "2026-02-20", minutes: 241, participants: "patient" },
      { date: "2026-02-30", minutes: 5, participants: "patient" },
      { date: "2026-03-05", minutes: 5, participants: "patient" },
      { date: "2026-02-20", minutes: 5, participants: "" },
      { date: "2026-02-20", minutes: 5, participants: "p".repeat(501) },
      { date: "2026-02-20T10:00:00Z", minutes: 5, participants: "patient" },
    ];
    for (const body of callBodies) {
      const response = await call("slp", "POST", callsUrl(ownPatient), body);
      expect(response.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${response.body}`).toBe(400);
      expect((response.json() as Failure).code).toBe("ERROR_056");
    }
  });

  it("logs calls and lists the month's by day", async () => {
    const response = await call("slp", "POST", callsUrl(ownPatient), { date: "2026-02-18", minutes: 15, participants: "patient and daughter" });
    expect(response.statusCode, response.body).toBe(201);
    const logged = decodeStrictly(CallRecord, response.json());
    expect(logged).toMatchObject({ date: "2026-02-18", minutes: 15, participants: "patient and daughter", patient_id: ownPatient });
    expect(logged.taken_by.id).toBe(world.accounts.slp.id);
    const early = await call("staffAdmin", "POST", callsUrl(ownPatient), { date: "2026-02-01", minutes: 5, participants: "patient" });
    expect(early.statusCode, early.body).toBe(201);
    const march = await call("slp", "POST", callsUrl(ownPatient), { date: "2026-03-01", minutes: 5, participants: "patient" });
    expect(march.statusCode, march.body).toBe(201);
    const list = await call("admin", "GET", `${callsUrl(ownPatient)}?month=2026-02`);
    expect(list.statusCode, list.body).toBe(200);
    expect(decodeStrictly(CallList, list.json()).map((row) => row.date)).toEqual(["2026-02-01", "2026-02-18"]);
    const [audited] = await world.t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, "rtm_call"), eq(auditEvents.resourceId, String(logged.id)), eq(auditEvents.outcome, "success")));
    expect(audited?.action).toBe("create");
  });
});
