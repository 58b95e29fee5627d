import { eq, sql } from "drizzle-orm";
import * as Schema from "effect/Schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MonthState } from "../../../domain/billing/month-close-wire.ts";
import { monthTotalsCounter } from "../../../domain/billing/month-totals.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patients } from "../../db/schema/patients.ts";
import { patientDataDays } from "../../db/schema/sessions.ts";
import { rtmCalls, rtmTimeEntries } from "../../db/schema/time-log.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { TEST_START } from "../../test-app.test-helper.ts";
import { claimOrderIds } from "./month-close-judge.ts";
import { monthExportLines } from "../../../domain/billing/month-export-csv.ts";
import { csvParts, storedExportSource } from "./month-export-stream.ts";
import { exportRowOfLine, storedLinesOf } from "./month-stored-lines.ts";
import { rtmMonthContext, rtmMonthRows, slicePatients } from "./rtm-month-rows.ts";
import { refreshStatuses, STATUS_BATCH } from "./rtm-status-store.ts";

// Month-end from stored claim lines (issue 36, migration 0038): a month's line is judged once and kept
// with its status by the background pass's store; the month-end's reads write nothing: the totals sum
// the stored rows and judge the rest in the read, equal to every patient judged at once either way; a
// write since is judged in the read and stored again for that patient alone; and the CSV is made a
// batch at a time (a write after the first part shows in a later one), with totals that match its lines.
const SETUP_TIMEOUT = 300_000;
const PATIENTS = STATUS_BATCH * 2 + 117;
const strict = { onExcessProperty: "error" } as const;

const days = (from: string, count: number, every: number): string[] =>
  Array.from({ length: count }, (_, index) => new Date(Date.parse(`${from}T00:00:00Z`) + index * every * 86_400_000).toISOString().slice(0, 10));

describe.each(TEST_DRIVERS)("month-end from stored claim lines on %s", (driver) => {
  let world: PatientsWorld;
  let db: PatientsWorld["t"]["database"]["db"];
  let ids: number[] = [];

  beforeAll(async () => {
    world = await patientsWorld(driver, "monthstored");
    db = world.t.database.db;
    world.t.clock.set(TEST_START); // 2026-03-01: February has ended
    await db.update(institutions).set({ rtmSupplyKind: "musculoskeletal" }).where(eq(institutions.id, world.clinic));
    await db.execute(sql`insert into patients (institution_id, first_name, last_name, email, birthdate, gender, assigned_staff_id, status)
      select ${world.clinic}, 'Stored' || (n % 13), 'Line ' || (n % 7), 'stored' || n || '@stored.test', date '1950-01-02', 'female',
             case when n % 3 = 0 then ${world.otherSlpStaffId}::int else ${world.slpStaffId}::int end, 'active'
      from generate_series(1, ${PATIENTS}) n`);
    ids = (await db.select({ id: patients.id }).from(patients).where(eq(patients.institutionId, world.clinic)).orderBy(patients.id)).map((row) => row.id);
    const dataDays = ids.flatMap((patientId, index) =>
      index % 4 === 3 ? [] : days(index % 2 === 0 ? "2026-01-05" : "2026-01-20", 12 + (index % 25), index % 3 === 0 ? 2 : 1).map((day) => ({ patientId, day, sessions: 1 })),
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

  const slice = () => ({ institutionId: world.clinic, staffId: null });
  const context = () => rtmMonthContext(db, world.clinic, "2026-02", world.t.clock.now());
  const state = async () => {
    const answer = await world.t.app.inject({ method: "GET", url: "/api/rtm/months/2026-02/", headers: world.headers.admin });
    expect(answer.statusCode, answer.body).toBe(200);
    return Schema.decodeUnknownSync(MonthState, strict)(answer.json());
  };
  /** The totals as the month-end counted them before lines were stored: every patient of the slice judged now. */
  const judgedTotals = async () => {
    const all = await slicePatients(db, slice());
    const counter = monthTotalsCounter();
    for (const judged of await rtmMonthRows(db, await context(), all)) counter.addLine(judged.status.status, judged.status.lines);
    return counter.result();
  };
  /** Each stored row's version: a row judged and stored again gets a new one. */
  const versions = async (): Promise<Map<number, string>> =>
    new Map(
      rowsOf(await db.execute(sql`select patient_id, xmin::text as v from rtm_month_statuses where month = '2026-02' and not stale and line is not null`)).map(
        (row) => [Number(row.patient_id), String(row.v)] as const,
      ),
    );
  const storedCount = async (): Promise<number> => Number(rowsOf(await db.execute(sql`select count(*)::int as n from rtm_month_statuses where month = '2026-02'`))[0]?.n);

  /** A patient's CSV line as the export makes it now. */
  const lineOf = async (patientId: number): Promise<string> => monthExportLines((await storedLinesOf(db, slice(), await context(), [patientId])).map(exportRowOfLine));
  /** The whole month stored, as the background pass stores it. */
  const storeMonth = async () => refreshStatuses(db, await context(), slice(), PATIENTS, Number.POSITIVE_INFINITY);

  it(
    "makes the CSV a batch at a time, storing nothing: a write after the first part shows in the last",
    async () => {
      expect(await storedCount()).toBe(0);
      const order = await claimOrderIds(db, slice());
      // A patient of the file's last batch with minutes and no call yet (index % 10 === 5), not the one the last test takes.
      const late = order.slice(2 * STATUS_BATCH).find((id) => ids.indexOf(id) % 10 === 5 && ids.indexOf(id) !== 5);
      if (late === undefined) throw new Error("no patient with minutes and no call in the last batch");
      const before = await lineOf(late);
      const source = await storedExportSource(db, slice(), await context());
      expect(source.rows).toBe(PATIENTS);
      const parts = csvParts(source);
      expect((await parts.next()).value).toMatch(/^"patient","date of birth",/);
      const first = String((await parts.next()).value);
      expect(first.split("\r\n").length - 1).toBe(STATUS_BATCH);
      // Read at most one batch ahead: the last batch is read after this write.
      await db.insert(rtmCalls).values({ patientId: late, institutionId: world.clinic, takenByUserId: world.accounts.slp.id, callDate: "2026-02-22", minutes: 9, participants: "patient" });
      const after = await lineOf(late);
      expect(after).not.toBe(before);
      let text = first;
      for (let part = await parts.next(); part.done !== true; part = await parts.next()) text += String(part.value);
      const lines = text.split("\r\n").slice(0, -1);
      expect(lines).toHaveLength(PATIENTS);
      expect(`${lines[order.indexOf(late)]}\r\n`).toBe(after);
      expect(await storedCount()).toBe(0);
    },
    SETUP_TIMEOUT,
  );

  it(
    "sums the stored lines and judges the rest in the read, writing nothing; once stored, the read sums them",
    async () => {
      const expected = await judgedTotals();
      expect(expected.billable).toBeGreaterThan(0);
      // Nothing stored: every patient judged in the read, and nothing written.
      expect((await state()).totals).toEqual(expected);
      expect(await storedCount()).toBe(0);
      await storeMonth();
      const stored = await versions();
      expect(stored.size).toBe(PATIENTS);
      expect((await state()).totals).toEqual(expected);
      expect(await versions()).toEqual(stored);
      // The read sums what is stored (not judged again): a stored line's units show in the totals.
      const [billed] = rowsOf(
        await db.execute(sql`select patient_id, line->'codes'->0->>'code' as code, line->'codes'->0->>'modifier' as modifier from rtm_month_statuses
          where month = '2026-02' and status = 'ready to bill' and not stale order by patient_id limit 1`),
      );
      if (billed === undefined) throw new Error("no stored billable line");
      const units = (totals: typeof expected) => totals.by_code.find((row) => row.code === billed.code && row.modifier === billed.modifier)?.units ?? 0;
      await db.execute(sql`update rtm_month_statuses set line = jsonb_set(line, '{codes,0,units}', to_jsonb((line->'codes'->0->>'units')::int + 1000))
        where month = '2026-02' and patient_id = ${Number(billed.patient_id)}`);
      expect(units((await state()).totals)).toBe(units(expected) + 1000);
      await db.execute(sql`update rtm_month_statuses set line = jsonb_set(line, '{codes,0,units}', to_jsonb((line->'codes'->0->>'units')::int - 1000))
        where month = '2026-02' and patient_id = ${Number(billed.patient_id)}`);
      expect((await state()).totals).toEqual(expected);
    },
    SETUP_TIMEOUT,
  );

  it(
    "judges what a write changed in the read, stores it again alone, and the totals match the streamed CSV's lines",
    async () => {
      const before = await versions();
      // A call for a patient with minutes but no call: their month becomes billable.
      const unbilled = ids.filter((_, index) => index % 5 === 0 && index % 2 === 1)[0];
      if (unbilled === undefined) throw new Error("no patient without a call");
      await db.insert(rtmCalls).values({ patientId: unbilled, institutionId: world.clinic, takenByUserId: world.accounts.slp.id, callDate: "2026-02-21", minutes: 9, participants: "patient" });
      const expected = await judgedTotals();
      const totals = (await state()).totals;
      expect(totals).toEqual(expected);
      // The read judged the stale row and wrote nothing; the store then judges that patient alone again.
      expect(await storedCount()).toBe(PATIENTS);
      expect((await versions()).has(unbilled)).toBe(false);
      await storeMonth();
      const after = await versions();
      expect([...after].filter(([id, version]) => before.get(id) !== version).map(([id]) => id)).toEqual([unbilled]);
      // The CSV (streamed from the same stored lines) says "yes" exactly for the billable patients.
      const csv = await world.t.app.inject({ method: "GET", url: "/api/rtm/months/2026-02/export.csv", headers: { ...world.headers.admin, "accept-encoding": "identity" } });
      expect(csv.headers["content-length"]).toBeUndefined();
      const lines = csv.body.split("\r\n").slice(1, -1);
      expect(lines).toHaveLength(totals.patients);
      expect(lines.filter((line) => line.endsWith(',"yes"')).length).toBe(totals.billable);
      expect((await claimOrderIds(db, slice())).length).toBe(totals.patients);
    },
    SETUP_TIMEOUT,
  );
});
