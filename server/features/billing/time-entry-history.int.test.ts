import * as Schema from "effect/Schema";
import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TimeEntry, TimeEntryHistory } from "../../../domain/billing/time-log-wire.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { patients } from "../../db/schema/patients.ts";
import { rtmTimeEntryRevisions } from "../../db/schema/time-entry-revisions.ts";
import { rtmTimeEntries } from "../../db/schema/time-log.ts";
import { users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";

// The correction history of a time entry (issue 24, "every entry and change is audited";
// docs/billing.md "Time log"): each correction and removal leaves exactly one revision with the
// values before it, written with the change (a refused change leaves none); GET .../history/ tells
// them newest first with who, when, why and what changed, to the entry's patient's slice only.
const SETUP_TIMEOUT = 180_000;
const decodeStrictly = <S extends Schema.Top>(schema: S, value: unknown) => Schema.decodeUnknownSync(schema as never, { onExcessProperty: "error" })(value) as S["Type"];

type Who = keyof PatientsWorld["headers"];
type Failure = { code: string };
/** A mark only the other institution's entry and its revision carry: no answer to anyone else may hold it. */
const FOREIGN_MARK = "lakeside-history-only";

describe.each(TEST_DRIVERS)("a time entry's history on %s", (driver) => {
  let world: PatientsWorld;
  let ownPatient = 0;
  let otherSlpPatient = 0;
  let foreignPatient = 0;
  let staffAdminId = 0;

  const newPatient = async (institutionId: number, staffId: number | null, firstName: string): Promise<number> => {
    const [row] = await world.t.database.db
      .insert(patients)
      .values({ institutionId, firstName, lastName: "History", email: `${firstName.toLowerCase()}.${driver}@history.test`, birthdate: "1951-02-03", gender: "male", assignedStaffId: staffId, status: "active" })
      .returning({ id: patients.id });
    if (row === undefined) throw new Error("no patient");
    return row.id;
  };

  beforeAll(async () => {
    world = await patientsWorld(driver, "history");
    const db = world.t.database.db;
    ownPatient = await newPatient(world.clinic, world.slpStaffId, "Horatio");
    otherSlpPatient = await newPatient(world.clinic, world.otherSlpStaffId, "Ingrid");
    foreignPatient = await newPatient(world.otherClinic, world.foreignStaffId, "Jasper");
    await db.update(users).set({ firstName: "Dana", lastName: "Reyes" }).where(eq(users.id, world.accounts.slp.id));
    const [staffAdmin] = await db.update(users).set({ firstName: "Sam", lastName: "Okafor" }).where(eq(users.email, "staffadmin.history@clinic.test")).returning({ id: users.id });
    staffAdminId = staffAdmin?.id ?? 0;
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const call = (who: Who, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...(payload === undefined ? {} : { "content-type": "application/json" }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const expectFailure = (response: LightMyRequestResponse, status: number, code: string): Failure => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as Failure;
    expect(body.code, response.body).toBe(code);
    return body;
  };
  const entryUrl = (id: number) => `/api/rtm/time-entries/${id}/`;
  const historyUrl = (id: number | string) => `/api/rtm/time-entries/${id}/history/`;
  const create = async (who: Who, patientId: number, body: Record<string, unknown>) => {
    const response = await call(who, "POST", `/api/patients/${patientId}/rtm/time-entries/`, body);
    expect(response.statusCode, response.body).toBe(201);
    return decodeStrictly(TimeEntry, response.json());
  };
  const history = async (who: Who, id: number) => {
    const response = await call(who, "GET", historyUrl(id));
    expect(response.statusCode, response.body).toBe(200);
    return decodeStrictly(TimeEntryHistory, response.json());
  };
  const revisionRows = (entryId: number) =>
    world.t.database.db.select().from(rtmTimeEntryRevisions).where(eq(rtmTimeEntryRevisions.entryId, entryId)).orderBy(asc(rtmTimeEntryRevisions.id));

  it("keeps one revision per correction with the values before, and tells them newest first with who, why and before → after", async () => {
    const entry = await create("slp", ownPatient, { activity: "review", start: "2026-02-20T09:00:00Z", minutes: 15, note: "three sessions" });
    expect(await history("slp", entry.id)).toEqual([]);
    const first = await call("slp", "PATCH", entryUrl(entry.id), { minutes: 20, reason: "timer left running", version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    world.t.clock.advance(60_000);
    const second = await call("staffAdmin", "PATCH", entryUrl(entry.id), { activity: "care_planning", start: "2026-02-20T09:30:00Z", note: "", reason: "was care planning", version: 2 });
    expect(second.statusCode, second.body).toBe(200);
    // A reason-only correction is still a revision, with nothing changed.
    expect((await call("slp", "PATCH", entryUrl(entry.id), { reason: "checked with the family", version: 3 })).statusCode).toBe(200);

    const rows = await revisionRows(entry.id);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ kind: "edit", revisedByUserId: world.accounts.slp.id, reason: "timer left running", activity: "review", minutes: 15, note: "three sessions", newMinutes: 20 });
    expect(rows[0]?.startedAt.toISOString()).toBe("2026-02-20T09:00:00.000Z");
    expect(rows[1]).toMatchObject({ revisedByUserId: staffAdminId, activity: "review", minutes: 20, note: "three sessions", newActivity: "care_planning", newNote: "" });

    const told = await history("slp", entry.id);
    expect(told.map((revision) => revision.reason)).toEqual(["checked with the family", "was care planning", "timer left running"]);
    expect(told[2]).toMatchObject({ kind: "edit", by: { id: world.accounts.slp.id, first_name: "Dana", last_name: "Reyes" }, changes: [{ field: "minutes", before: 15, after: 20 }] });
    expect(told[2]?.at).toBe("2026-03-01T12:00:00.000Z");
    expect(told[1]?.by).toMatchObject({ first_name: "Sam", last_name: "Okafor" });
    expect(told[1]?.at).toBe("2026-03-01T12:01:00.000Z");
    expect(told[1]?.changes).toEqual([
      { field: "activity", before: "review", after: "care_planning" },
      { field: "start", before: "2026-02-20T09:00:00.000Z", after: "2026-02-20T09:30:00.000Z" },
      { field: "note", before: "three sessions", after: "" },
    ]);
    expect(told[0]?.changes).toEqual([]);
    // The clinic's administrator reads the history as they read the log.
    expect((await history("admin", entry.id)).map((revision) => revision.id)).toEqual(told.map((revision) => revision.id));
  });

  it("writes nothing for a refused change: a stale version, a bad body, a start ahead of now", async () => {
    const entry = await create("slp", ownPatient, { activity: "messaging", start: "2026-02-21T09:00:00Z", minutes: 10 });
    expectFailure(await call("slp", "PATCH", entryUrl(entry.id), { minutes: 12, reason: "stale", version: 9 }), 412, "ERROR_056");
    expectFailure(await call("slp", "PATCH", entryUrl(entry.id), { minutes: 0, reason: "too short", version: 1 }), 400, "ERROR_056");
    expectFailure(await call("slp", "PATCH", entryUrl(entry.id), { start: "2026-03-02T12:00:00Z", reason: "future", version: 1 }), 400, "ERROR_056");
    expectFailure(await call("slp", "DELETE", entryUrl(entry.id), { reason: "stale", version: 9 }), 412, "ERROR_056");
    expect(await revisionRows(entry.id)).toEqual([]);
  });

  it("keeps the removal with its author (from the removal's audit row) and the values the entry had; its history stays readable", async () => {
    const entry = await create("slp", ownPatient, { activity: "call", start: "2026-02-22T09:00:00Z", minutes: 25, note: "with daughter" });
    expect((await call("slp", "PATCH", entryUrl(entry.id), { minutes: 30, reason: "call ran longer", version: 1 })).statusCode).toBe(200);
    const removed = await call("staffAdmin", "DELETE", entryUrl(entry.id), { reason: "wrong patient", version: 2 });
    expect(removed.statusCode, removed.body).toBe(204);
    const rows = await revisionRows(entry.id);
    expect(rows.map((row) => row.kind)).toEqual(["edit", "remove"]);
    expect(rows[1]).toMatchObject({ revisedByUserId: staffAdminId, reason: "wrong patient", activity: "call", minutes: 30, note: "with daughter", newMinutes: null });
    const told = await history("slp", entry.id);
    expect(told[0]).toMatchObject({ kind: "remove", reason: "wrong patient", by: { first_name: "Sam" }, before: { activity: "call", minutes: 30, note: "with daughter" }, changes: [] });
    expect(told[1]).toMatchObject({ kind: "edit", changes: [{ field: "minutes", before: 25, after: 30 }] });
  });

  it("audits each read of a history as a read naming the entry", async () => {
    const entry = await create("slp", ownPatient, { activity: "review", start: "2026-02-23T09:00:00Z", minutes: 5 });
    const [last] = await world.t.database.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    const before = last?.id ?? 0;
    await history("slp", entry.id);
    expectFailure(await call("otherSlp", "GET", historyUrl(entry.id)), 404, "ERROR_030");
    const rows = await world.t.database.db
      .select({ action: auditEvents.action, outcome: auditEvents.outcome, userId: auditEvents.userId })
      .from(auditEvents)
      .where(and(gt(auditEvents.id, before), eq(auditEvents.resource, "rtm_time_entry_revisions"), eq(auditEvents.resourceId, String(entry.id))))
      .orderBy(asc(auditEvents.id));
    expect(rows).toEqual([
      { action: "read", outcome: "success", userId: world.accounts.slp.id },
      { action: "read", outcome: "denied", userId: expect.any(Number) },
    ]);
  });

  it("answers another institution's, another SLP's and an unknown entry with the same 404, and the platform with 403", async () => {
    const db = world.t.database.db;
    const [row] = await db
      .insert(rtmTimeEntries)
      .values({ patientId: foreignPatient, institutionId: world.otherClinic, clinicianUserId: world.accounts.admin.id, activity: "review", startedAt: new Date("2026-02-15T09:00:00Z"), minutes: 5, note: "x" })
      .returning({ id: rtmTimeEntries.id });
    const foreignEntry = row?.id ?? 0;
    // A correction made straight in the database still leaves its revision, and it carries the mark.
    await db.update(rtmTimeEntries).set({ note: FOREIGN_MARK }).where(eq(rtmTimeEntries.id, foreignEntry));
    expect((await revisionRows(foreignEntry)).map((revision) => [revision.kind, revision.reason, revision.revisedByUserId])).toEqual([["edit", "changed outside the portal", null]]);

    const theirs = await create("otherSlp", otherSlpPatient, { activity: "review", start: "2026-02-16T09:00:00Z", minutes: 4 });
    expect((await call("otherSlp", "PATCH", entryUrl(theirs.id), { minutes: 6, reason: "typo", version: 1 })).statusCode).toBe(200);
    const own = await create("slp", ownPatient, { activity: "review", start: "2026-02-16T10:00:00Z", minutes: 4 });

    const foreign = expectFailure(await call("slp", "GET", historyUrl(foreignEntry)), 404, "ERROR_030");
    const unknown = expectFailure(await call("slp", "GET", historyUrl(2147483000)), 404, "ERROR_030");
    const withoutId = ({ id: _id, ...rest }: Record<string, unknown>) => rest;
    expect(withoutId(foreign as unknown as Record<string, unknown>)).toEqual(withoutId(unknown as unknown as Record<string, unknown>));
    const answers = [
      foreign,
      expectFailure(await call("admin", "GET", historyUrl(foreignEntry)), 404, "ERROR_030"),
      expectFailure(await call("slp", "GET", historyUrl(theirs.id)), 404, "ERROR_030"),
      expectFailure(await call("otherAdmin", "GET", historyUrl(own.id)), 404, "ERROR_030"),
      expectFailure(await call("superAdmin", "GET", historyUrl(own.id)), 403, "ERROR_001"),
    ];
    expect(JSON.stringify(answers)).not.toContain(FOREIGN_MARK);
    // The clinic's staff administrator reaches every SLP's patient.
    expect((await history("staffAdmin", theirs.id)).map((revision) => revision.reason)).toEqual(["typo"]);
  });

  it("answers a malformed id with 400 and a catalogue code, never 500", async () => {
    for (const id of ["0", "-1", "abc", "1.5", "99999999999", "1e3", "%20"]) {
      const response = await call("slp", "GET", historyUrl(id));
      expect(response.statusCode, `${id}: ${response.body}`).toBe(400);
      expect(["ERROR_056", "ERROR_003"], response.body).toContain((response.json() as Failure).code);
    }
  });
});
