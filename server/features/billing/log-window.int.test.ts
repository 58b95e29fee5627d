import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../db/schema/audit.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { rtmMonthLocks } from "../../db/schema/month-close.ts";
import { patients } from "../../db/schema/patients.ts";
import { rtmCalls, rtmTimeEntries } from "../../db/schema/time-log.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";

// How far back time and calls may be logged (issue 31, item 10; docs/billing.md "Time log"): the
// institution's current and previous month, never ahead of its today; 1900 is refused with 400
// ERROR_056 on the field and nothing is written; a locked month inside the window stays 409. The
// test clock stands at 2026-03-01T12:00Z: 07:00 on 1 March in New York (the clinic's zone).
const SETUP_TIMEOUT = 180_000;
type Failure = { code: string; detail: { field?: string } | null };

describe.each(TEST_DRIVERS)("the log window on %s", (driver) => {
  let world: PatientsWorld;
  let patient = 0;

  beforeAll(async () => {
    world = await patientsWorld(driver, "logwindow");
    const [row] = await world.t.database.db
      .insert(patients)
      .values({ institutionId: world.clinic, firstName: "Winifred", lastName: "Window", email: `winifred.${driver}@window.test`, birthdate: "1950-02-03", gender: "female", assignedStaffId: world.slpStaffId, status: "active" })
      .returning({ id: patients.id });
    patient = row?.id ?? 0;
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const post = (url: string, payload: unknown, who: keyof PatientsWorld["headers"] = "slp"): Promise<LightMyRequestResponse> =>
    world.t.app.inject({ method: "POST", url, headers: { ...world.headers[who], "content-type": "application/json" }, payload: JSON.stringify(payload) });
  const patchEntry = (id: number, payload: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({ method: "PATCH", url: `/api/rtm/time-entries/${id}/`, headers: { ...world.headers.slp, "content-type": "application/json" }, payload: JSON.stringify(payload) });
  const entries = () => `/api/patients/${patient}/rtm/time-entries/`;
  const calls = () => `/api/patients/${patient}/rtm/calls/`;
  const refused = (response: LightMyRequestResponse, status: number, code: string, field: string) => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as Failure;
    expect(body.code, response.body).toBe(code);
    expect(body.detail?.field, response.body).toBe(field);
  };
  const rowsOf = async () => ({
    entries: await world.t.database.db.select({ id: rtmTimeEntries.id, startedAt: rtmTimeEntries.startedAt }).from(rtmTimeEntries).where(eq(rtmTimeEntries.patientId, patient)),
    calls: await world.t.database.db.select({ id: rtmCalls.id }).from(rtmCalls).where(eq(rtmCalls.patientId, patient)),
  });
  const failures = async (reason: string) =>
    world.t.database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.outcome, "failure"), eq(auditEvents.reason, reason), eq(auditEvents.resourceId, String(patient))));

  it("refuses time and calls back-dated to 1900 with 400 ERROR_056 on the field, and writes nothing", async () => {
    const before = await rowsOf();
    refused(await post(entries(), { activity: "review", start: "1900-01-01T10:00:00Z", minutes: 22 }), 400, "ERROR_056", "start");
    refused(await post(calls(), { date: "1900-01-01", minutes: 10, participants: "patient" }), 400, "ERROR_056", "date");
    // The day before the window (31 January, two months back) is refused the same way.
    refused(await post(entries(), { activity: "review", start: "2026-01-31T12:00:00-05:00", minutes: 5 }), 400, "ERROR_056", "start");
    refused(await post(calls(), { date: "2026-01-31", minutes: 10, participants: "patient" }), 400, "ERROR_056", "date");
    expect(await rowsOf()).toEqual(before);
    expect(await failures("start_too_early")).toHaveLength(2);
    expect(await failures("date_too_early")).toHaveLength(2);
  });

  it("allows last month while it is open, from its first minute on the institution's calendar", async () => {
    // 00:00 on 1 February in New York is 05:00 UTC; the minute before is January there.
    const first = await post(entries(), { activity: "review", start: "2026-02-01T05:00:00Z", minutes: 15 });
    expect(first.statusCode, first.body).toBe(201);
    refused(await post(entries(), { activity: "review", start: "2026-02-01T04:59:00Z", minutes: 15 }), 400, "ERROR_056", "start");
    const call = await post(calls(), { date: "2026-02-01", minutes: 12, participants: "patient and son" });
    expect(call.statusCode, call.body).toBe(201);
  });

  it("takes the call's 'today' from the institution's calendar, not the latest day on Earth", async () => {
    // At 12:00 UTC on 1 March it is 2 March in Kiribati (UTC+14) but still 1 March in New York.
    refused(await post(calls(), { date: "2026-03-02", minutes: 10, participants: "patient" }), 400, "ERROR_056", "date");
    const today = await post(calls(), { date: "2026-03-01", minutes: 10, participants: "patient" });
    expect(today.statusCode, today.body).toBe(201);
    // A clinic in Kiribati is already on 2 March.
    await world.t.database.db.update(institutions).set({ timeZone: "Pacific/Kiritimati" }).where(eq(institutions.id, world.clinic));
    try {
      const tomorrowInNewYork = await post(calls(), { date: "2026-03-02", minutes: 10, participants: "patient" });
      expect(tomorrowInNewYork.statusCode, tomorrowInNewYork.body).toBe(201);
    } finally {
      await world.t.database.db.update(institutions).set({ timeZone: "America/New_York" }).where(eq(institutions.id, world.clinic));
    }
  });

  it("refuses a correction moving an entry to 1900, and keeps the entry as it was", async () => {
    const created = await post(entries(), { activity: "messaging", start: "2026-02-20T15:00:00Z", minutes: 10 });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    refused(await patchEntry(id, { start: "1900-01-01T10:00:00Z", reason: "typo", version: 1 }), 400, "ERROR_056", "start");
    const [row] = await world.t.database.db.select({ startedAt: rtmTimeEntries.startedAt }).from(rtmTimeEntries).where(eq(rtmTimeEntries.id, id));
    expect(row?.startedAt.toISOString()).toBe("2026-02-20T15:00:00.000Z");
    // Within the window the same correction goes through.
    const moved = await patchEntry(id, { start: "2026-02-21T15:00:00Z", reason: "typo", version: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it("still refuses a locked month inside the window with 409 ERROR_050, as today", async () => {
    await world.t.database.db.insert(rtmMonthLocks).values({ institutionId: world.clinic, month: "2026-02", lockedByUserId: world.accounts.admin.id });
    const before = await rowsOf();
    refused(await post(entries(), { activity: "review", start: "2026-02-10T15:00:00Z", minutes: 15 }), 409, "ERROR_050", "month");
    refused(await post(calls(), { date: "2026-02-10", minutes: 12, participants: "patient" }), 409, "ERROR_050", "month");
    // Before the window, the window's 400 answers first: the month's lock is not even read.
    refused(await post(calls(), { date: "1900-01-01", minutes: 12, participants: "patient" }), 400, "ERROR_056", "date");
    expect(await rowsOf()).toEqual(before);
  });

  it("answers another institution's patient with the 404 of an unknown one, in the window or not (the window leaks nothing)", async () => {
    const [row] = await world.t.database.db
      .insert(patients)
      .values({ institutionId: world.otherClinic, firstName: "Zora", lastName: "Elsewhere", email: `zora.${driver}@window.test`, birthdate: "1951-02-03", gender: "female", assignedStaffId: world.foreignStaffId, status: "active" })
      .returning({ id: patients.id });
    for (const payload of [{ activity: "review", start: "1900-01-01T10:00:00Z", minutes: 5 }, { activity: "review", start: "2026-03-01T10:00:00Z", minutes: 5 }]) {
      const response = await post(`/api/patients/${row?.id ?? 0}/rtm/time-entries/`, payload);
      expect(response.statusCode, response.body).toBe(404);
      expect((response.json() as Failure).code).toBe("ERROR_030");
    }
    const call = await post(`/api/patients/${row?.id ?? 0}/rtm/calls/`, { date: "1900-01-01", minutes: 5, participants: "patient" });
    expect(call.statusCode, call.body).toBe(404);
  });
});
