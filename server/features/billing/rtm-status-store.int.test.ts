import * as Schema from "effect/Schema";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_STATUSES } from "../../../domain/billing/billing-status.ts";
import { addDays } from "../../../domain/billing/iso-day.ts";
import { RtmListResponse, type RtmRow } from "../../../domain/billing/rtm-list-wire.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patients } from "../../db/schema/patients.ts";
import { patientDataDays } from "../../db/schema/sessions.ts";
import { rtmCalls, rtmTimeEntries } from "../../db/schema/time-log.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { signIn, withBearer } from "../../auth/auth.test-helper.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { TEST_START } from "../../test-app.test-helper.ts";
import { rtmMonthContext } from "./rtm-month-rows.ts";
import { checkCounters } from "../../db/counters/check-counters.ts";
import { keysetOrder } from "../../db/keyset.ts";
import { statusTerms } from "./rtm-list-queries.ts";
import { freshCountsByRank, freshStatusCount, refreshStatuses } from "./rtm-status-store.ts";
import { startRtmStatusPass } from "./rtm-status-store-pass.ts";

// The /rtm list filtered and sorted by status (issue 24): statuses kept ahead of the read in
// rtm_month_statuses, worked out through the page's own rules, marked stale by every write kind,
// moved by the date alone at valid_until, in the caller's slice only; bad asks 400.
const SETUP_TIMEOUT = 180_000;
const decodeStrictly = (value: unknown) => Schema.decodeUnknownSync(RtmListResponse, { onExcessProperty: "error" })(value);

type Who = keyof PatientsWorld["headers"];

describe.each(TEST_DRIVERS)("the /rtm list by status on %s", (driver) => {
  let world: PatientsWorld;
  let db: PatientsWorld["t"]["database"]["db"];
  let serial = 0;
  const named: Record<string, number> = {};

  const newPatient = async (firstName: string, staffId: number, institutionId = world.clinic): Promise<number> => {
    serial += 1;
    const [row] = await db
      .insert(patients)
      .values({ institutionId, firstName, lastName: "Status", email: `${firstName.toLowerCase()}.${serial}.${driver}@status.test`, birthdate: "1950-01-02", gender: "female", assignedStaffId: staffId, status: "active" })
      .returning({ id: patients.id });
    if (row === undefined) throw new Error("no patient");
    named[firstName] = row.id;
    return row.id;
  };
  const entry = (patientId: number, clinicianUserId: number, startedAt: string, minutes: number) =>
    db.insert(rtmTimeEntries).values({ patientId, institutionId: world.clinic, clinicianUserId, activity: "review", startedAt: new Date(startedAt), minutes });
  const call = (patientId: number, callDate: string) =>
    db.insert(rtmCalls).values({ patientId, institutionId: world.clinic, takenByUserId: world.accounts.slp.id, callDate, minutes: 9, participants: "patient" });
  const days = (patientId: number, list: readonly string[]) => db.insert(patientDataDays).values(list.map((day) => ({ patientId, day, sessions: 1 })));

  beforeAll(async () => {
    world = await patientsWorld(driver, "rtmstatus");
    db = world.t.database.db;
    world.t.clock.set(TEST_START); // 2026-03-01 12:00 UTC: March 1 in Los Angeles
    await db.update(institutions).set({ timeZone: "America/Los_Angeles" }).where(eq(institutions.id, world.clinic));
    const slp = world.slpStaffId;
    const other = world.otherSlpStaffId;
    await newPatient("Quiet", slp); // no activity
    await days(await newPatient("Fresh", slp), ["2026-02-28", "2026-03-01"]); // on track until Mar 17
    const ready = await newPatient("Ready", other);
    await entry(ready, world.accounts.slp.id, "2026-03-01T09:00:00-08:00", 25);
    await call(ready, "2026-03-01");
    const blocked = await newPatient("Blocked", slp);
    await entry(blocked, world.accounts.slp.id, "2026-03-01T09:00:00-08:00", 12);
    await entry(blocked, world.accounts.admin.id, "2026-03-01T10:00:00-08:00", 12);
    await days(await newPatient("Risky", other), ["2026-02-10", "2026-02-11"]); // cannot reach 16 by Mar 11
    for (const name of ["Alma", "Bert", "Cleo", "Dora", "Ezra", "Fynn", "Gina", "Hugo", "Ivan", "Jade", "Kurt", "Lena"]) await newPatient(name, serial % 2 === 0 ? slp : other);
    await newPatient("Foreign", world.foreignStaffId, world.otherClinic);
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  /** Signed in again after the clock jumped past the session's life. */
  let fresher: Record<string, string> | null = null;
  const get = (who: Who, query: string): Promise<LightMyRequestResponse> =>
    world.t.app.inject({ method: "GET", url: `/api/rtm/?${query}`, headers: who === "admin" && fresher !== null ? fresher : world.headers[who] });
  const jump = async (instant: Date) => {
    world.t.clock.set(instant);
    fresher = withBearer((await signIn(world.t, world.accounts.admin)).access);
  };
  const ok = async (who: Who, query: string) => {
    const response = await get(who, query);
    expect(response.statusCode, response.body).toBe(200);
    return decodeStrictly(response.json());
  };
  const all = async (who: Who, query: string): Promise<RtmRow[]> => {
    const rows: RtmRow[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await ok(who, `${query}&page_size=10&page=${page}`);
      expect(answer.statuses_pending ?? 0).toBe(0);
      rows.push(...answer.results);
      if (page >= answer.total_pages) return rows;
    }
  };
  const kept = async (patientId: number) =>
    rowsOf(await db.execute(sql`select status, stale, generation, staff_id, valid_until::text as valid_until from rtm_month_statuses where patient_id = ${patientId} and month = '2026-03'`))[0];

  it("a status filter gives exactly the unfiltered rows of that status, for every status", async () => {
    const everyone = await all("admin", "month=2026-03");
    expect(new Set(everyone.map((row) => row.status))).toEqual(new Set(BILLING_STATUSES));
    for (const status of BILLING_STATUSES) {
      const filtered = await all("admin", `month=2026-03&status=${encodeURIComponent(status)}`);
      const expected = everyone.filter((row) => row.status === status).map((row) => row.patient.id);
      expect(filtered.map((row) => row.patient.id), status).toEqual(expected);
      expect(filtered.every((row) => row.status === status)).toBe(true);
    }
    const byName = Object.fromEntries(everyone.map((row) => [row.patient.first_name, row.status]));
    expect(byName).toMatchObject({ Quiet: "no activity", Fresh: "on track", Ready: "ready to bill", Blocked: "blocked", Risky: "at risk" });
  });

  it("sorts by status in the list's order then by name, reversed with -status, and pages without gaps or repeats", async () => {
    const everyone = await all("admin", "month=2026-03");
    const rank = (row: RtmRow) => BILLING_STATUSES.indexOf(row.status);
    const sorted = await all("admin", "month=2026-03&ordering=status");
    expect(sorted.map((row) => row.patient.id).toSorted()).toEqual(everyone.map((row) => row.patient.id).toSorted());
    const expected = everyone.toSorted((a, b) => rank(a) - rank(b)).map((row) => row.patient.id);
    expect(sorted.map((row) => row.patient.id)).toEqual(expected);
    const reversed = await all("admin", "month=2026-03&ordering=-status");
    const expectedReversed = everyone.toSorted((a, b) => rank(b) - rank(a)).map((row) => row.patient.id);
    expect(reversed.map((row) => row.patient.id)).toEqual(expectedReversed);
    const first = await ok("admin", "month=2026-03&ordering=status&page_size=10");
    expect(first.count).toBe(everyone.length);
    expect(first.total_pages).toBe(Math.ceil(everyone.length / 10));
    expect(first.statuses_total).toBe(everyone.length);
    expect((await ok("admin", "month=2026-03&ordering=status&page=99")).results).toEqual([]);
  });

  it("keeps to the caller's slice: an SLP's caseload, an SLP filter, never another institution's; the super administrator 403", async () => {
    const mine = await all("slp", "month=2026-03&ordering=status");
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.slp?.id === world.slpStaffId)).toBe(true);
    expect((await ok("slp", `month=2026-03&status=blocked&slp=${world.otherSlpStaffId}`)).results).toEqual([]);
    const theirs = await all("admin", `month=2026-03&ordering=status&slp=${world.otherSlpStaffId}`);
    expect(theirs.every((row) => row.slp?.id === world.otherSlpStaffId)).toBe(true);
    expect(theirs.map((row) => row.patient.first_name)).toContain("Ready");
    const foreign = await all("otherAdmin", "month=2026-03&ordering=status");
    expect(foreign.map((row) => row.patient.first_name)).toEqual(["Foreign"]);
    expect((await all("admin", "month=2026-03&ordering=status")).some((row) => row.patient.first_name === "Foreign")).toBe(false);
    const superAdmin = await get("superAdmin", "month=2026-03&status=blocked");
    expect(superAdmin.statusCode, superAdmin.body).toBe(403);
  });

  it("refuses a malformed status or order with 400", async () => {
    for (const bad of ["status=late", "status=At%20risk", "status=", "ordering=state", "ordering=-", "ordering=status,name"]) {
      const response = await get("admin", `month=2026-03&${bad}`);
      expect(response.statusCode, `${bad}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: "ERROR_056" });
    }
  });

  it("marks a patient's kept status stale on a time entry, a call and a data day, and the next read files it anew", async () => {
    const quiet = named.Quiet ?? 0;
    await all("admin", "month=2026-03&status=no%20activity");
    const before = await kept(quiet);
    expect(before).toMatchObject({ status: "no activity", stale: false });

    await entry(quiet, world.accounts.slp.id, "2026-03-01T08:00:00-08:00", 5);
    const afterEntry = await kept(quiet);
    expect(afterEntry?.stale).toBe(true);
    expect(Number(afterEntry?.generation)).toBeGreaterThan(Number(before?.generation));
    const onTrack = await all("admin", "month=2026-03&status=on%20track");
    expect(onTrack.map((row) => row.patient.id)).toContain(quiet);
    expect((await all("admin", "month=2026-03&status=no%20activity")).map((row) => row.patient.id)).not.toContain(quiet);
    expect(await kept(quiet)).toMatchObject({ status: "on track", stale: false });

    await call(quiet, "2026-03-01");
    expect((await kept(quiet))?.stale).toBe(true);
    await all("admin", "month=2026-03&ordering=status");
    expect((await kept(quiet))?.stale).toBe(false);

    // A session's arrival reaches the statuses through its data day (patient_data_days' triggers).
    await days(quiet, ["2026-03-01"]);
    expect((await kept(quiet))?.stale).toBe(true);
    await all("admin", "month=2026-03&ordering=status");
    expect((await kept(quiet))?.stale).toBe(false);

    // Another session on a day that has data moves only the day's count, which no status or line
    // depends on (migration 0044): nothing is marked. A day that empties (its last session moved
    // away) or one that moves is marked again.
    const settled = await kept(quiet);
    await db.execute(sql`update patient_data_days set sessions = sessions + 2 where patient_id = ${quiet} and day = '2026-03-01'`);
    expect(await kept(quiet)).toMatchObject({ stale: false, generation: settled?.generation });
    await db.execute(sql`update patient_data_days set sessions = 0 where patient_id = ${quiet} and day = '2026-03-01'`);
    expect((await kept(quiet))?.stale).toBe(true);
    await db.execute(sql`update patient_data_days set sessions = 1 where patient_id = ${quiet} and day = '2026-03-01'`);
    await all("admin", "month=2026-03&ordering=status");
    expect((await kept(quiet))?.stale).toBe(false);
    await db.execute(sql`update patient_data_days set day = '2026-03-02' where patient_id = ${quiet} and day = '2026-03-01'`);
    expect((await kept(quiet))?.stale).toBe(true);
    await db.execute(sql`update patient_data_days set day = '2026-03-01' where patient_id = ${quiet} and day = '2026-03-02'`);
    await all("admin", "month=2026-03&ordering=status");
    expect((await kept(quiet))?.stale).toBe(false);
  });

  it("marks the institution's kept statuses stale when its supply kind changes, which a blocked month depends on (issue 31)", async () => {
    const quiet = named.Quiet ?? 0;
    const foreign = named.Foreign ?? 0;
    await all("admin", "month=2026-03&ordering=status");
    expect((await kept(quiet))?.stale).toBe(false);
    await db.update(institutions).set({ rtmSupplyKind: "respiratory" }).where(eq(institutions.id, world.clinic));
    expect((await kept(quiet))?.stale).toBe(true);
    if (foreign !== 0) expect((await kept(foreign))?.stale ?? false).toBe(false);
    await all("admin", "month=2026-03&ordering=status");
    expect((await kept(quiet))?.stale).toBe(false);
    // A write that changes neither the kind nor the zone leaves them be.
    await db.update(institutions).set({ description: "kept statuses" }).where(eq(institutions.id, world.clinic));
    expect((await kept(quiet))?.stale).toBe(false);
  });

  it("follows the patient's SLP in place and forgets an archived patient", async () => {
    const quiet = named.Quiet ?? 0;
    await all("admin", "month=2026-03&ordering=status");
    await db.update(patients).set({ assignedStaffId: world.otherSlpStaffId }).where(eq(patients.id, quiet));
    expect(await kept(quiet)).toMatchObject({ staff_id: world.otherSlpStaffId, stale: false });
    const theirs = await all("admin", `month=2026-03&ordering=status&slp=${world.otherSlpStaffId}`);
    expect(theirs.map((row) => row.patient.id)).toContain(quiet);
    expect((await all("slp", "month=2026-03&ordering=status")).map((row) => row.patient.id)).not.toContain(quiet);
    await db.update(patients).set({ assignedStaffId: world.slpStaffId }).where(eq(patients.id, quiet));

    const lena = named.Lena ?? 0;
    await db.update(patients).set({ archivedAt: new Date() }).where(eq(patients.id, lena));
    expect(await kept(lena)).toBeUndefined();
    expect((await all("admin", "month=2026-03&ordering=status")).map((row) => row.patient.id)).not.toContain(lena);
  });

  it("moves a status with the date alone: on track until the day 16 data days are out of reach, then at risk", async () => {
    const fresh = named.Fresh ?? 0;
    await all("admin", "month=2026-03&ordering=status");
    // Feb 28 - Mar 29 holds 2 data days; 14 more can start no later than Mar 16.
    expect(await kept(fresh)).toMatchObject({ status: "on track", stale: false, valid_until: "2026-03-17" });
    await jump(new Date("2026-03-16T20:00:00Z"));
    expect((await all("admin", "month=2026-03&status=on%20track")).map((row) => row.patient.id)).toContain(fresh);
    await jump(new Date("2026-03-17T20:00:00Z"));
    const atRisk = await all("admin", "month=2026-03&status=at%20risk");
    expect(atRisk.map((row) => row.patient.id)).toContain(fresh);
    expect(await kept(fresh)).toMatchObject({ status: "at risk", stale: false });
    await jump(TEST_START);
  });

  it("says how many statuses are still to work out while a refresh has not reached them all", async () => {
    await db.execute(sql`update rtm_month_statuses set stale = true`);
    const context = await rtmMonthContext(db, world.clinic, "2026-03", world.t.clock.now());
    const total = Number(rowsOf(await db.execute(sql`select count(*)::int as n from patients where institution_id = ${world.clinic} and archived_at is null`))[0]?.n);
    const partial = await refreshStatuses(db, context, { institutionId: world.clinic, staffId: null }, total, 3);
    expect(partial).toEqual({ stored: 3, pending: total - 3, total });
    const answer = await ok("admin", "month=2026-03&ordering=status");
    expect(answer.statuses_pending).toBe(0);
    expect(answer.count).toBe(total);
  });

  it("the background pass works out every institution's current month, and the month before while it is open, and stops cleanly", async () => {
    await db.execute(sql`delete from rtm_month_statuses`);
    const context = await rtmMonthContext(db, world.clinic, undefined, world.t.clock.now());
    const slice = { institutionId: world.clinic, staffId: null };
    expect(await freshStatusCount(db, context, slice)).toBe(0);
    const pass = startRtmStatusPass({ db, runAlone: world.t.database.runAlone, clock: world.t.clock, log: world.t.app.log }, 60_000, 0);
    const total = Number(rowsOf(await db.execute(sql`select count(*)::int as n from patients where institution_id = ${world.clinic} and archived_at is null`))[0]?.n);
    await expect.poll(() => freshStatusCount(db, context, slice), { timeout: 20_000, interval: 100 }).toBe(total);
    // The month just ended has its lines stored too (migration 0038), ready for the month-end.
    const previous = await rtmMonthContext(db, world.clinic, addDays(context.first, -1).slice(0, 7), world.t.clock.now());
    await expect.poll(() => freshStatusCount(db, previous, slice), { timeout: 20_000, interval: 100 }).toBe(total);
    const foreign = await rtmMonthContext(db, world.otherClinic, undefined, world.t.clock.now());
    await expect.poll(() => freshStatusCount(db, foreign, { institutionId: world.otherClinic, staffId: null }), { timeout: 20_000, interval: 100 }).toBe(1);
    await pass.stop();
  });

  it("a pass that stored many statuses leaves the table analysed, and the table is set to be vacuumed and analysed early (issue 36)", async () => {
    const relation = async () =>
      rowsOf(await db.execute(sql`select reltuples::int as tuples, array_to_string(reloptions, ',') as options from pg_class where relname = 'rtm_month_statuses'`))[0];
    expect(String((await relation())?.options)).toContain("autovacuum_analyze_threshold=1000");
    await db.execute(sql`delete from rtm_month_statuses`);
    await db.execute(sql`analyze rtm_month_statuses`);
    expect((await relation())?.tuples).toBe(0);
    // Every live patient's current month and the month before (none is locked here).
    const stored = 2 * Number(rowsOf(await db.execute(sql`select count(*)::int as n from patients where archived_at is null`))[0]?.n);
    const pass = startRtmStatusPass({ db, runAlone: world.t.database.runAlone, clock: world.t.clock, log: world.t.app.log, maintainAfter: stored }, 600_000, 600_000);
    expect(await pass.runOnce()).toEqual({ ran: true, stored });
    await pass.stop();
    // The statistics know the rows the pass stored (without the pass's ANALYZE they still say 0).
    expect((await relation())?.tuples).toBe(stored);
  });

  it("reads every status order by its index, forward and back, for the institution and a caseload: no sort of the month (issue 36)", async () => {
    for (const ordering of ["status", "-status"] as const) {
      for (const reversed of [false, true]) {
        for (const slice of [sql`s.institution_id = ${world.clinic}`, sql`s.staff_id = ${world.slpStaffId}`]) {
          const orderBy = sql.join(keysetOrder(statusTerms(ordering), reversed), sql`, `);
          const plan = await db.transaction(async (tx) => {
            await tx.execute(sql`set local enable_seqscan = off`);
            await tx.execute(sql`set local enable_sort = off`);
            return rowsOf(await tx.execute(sql`explain select s.patient_id from rtm_month_statuses s where ${slice} and s.month = '2026-03' order by ${orderBy} limit 26`)).map((row) =>
              String(Object.values(row)[0]),
            );
          });
          const text = plan.join("\n");
          expect(text, `${ordering}${reversed ? " reversed" : ""}:\n${text}`).toMatch(/Index (Only )?Scan( Backward)? using rtm_month_statuses_(list|caseload)(_desc)?_idx/);
          expect(text, `${ordering}${reversed ? " reversed" : ""}:\n${text}`).not.toMatch(/Sort/);
        }
      }
    }
  });

  it("keeps the counts per status on write, equal to counting the kept statuses, for the institution and each SLP, day by day (issue 36)", async () => {
    // After the moves, archive, stale marks, date jumps and passes above; then one more write of each kind.
    await all("admin", "month=2026-03&ordering=status");
    await db.update(patients).set({ assignedStaffId: world.otherSlpStaffId }).where(eq(patients.id, named.Alma ?? 0));
    await days(named.Quiet ?? 0, ["2026-03-02"]);
    await db.update(patients).set({ archivedAt: new Date() }).where(eq(patients.id, named.Bert ?? 0));
    await all("admin", "month=2026-03&ordering=status");
    const counted = async (staffId: number | null, today: string) =>
      new Map(
        rowsOf(
          await db.execute(sql`select status_rank, count(*)::int as n from rtm_month_statuses
            where institution_id = ${world.clinic} and month = '2026-03' ${staffId === null ? sql`` : sql`and staff_id = ${staffId}`}
              and not stale and (valid_until is null or valid_until > ${today}::date)
            group by status_rank order by status_rank`),
        ).map((row) => [Number(row.status_rank), Number(row.n)] as const),
      );
    for (const now of [TEST_START, new Date("2026-03-17T20:00:00Z"), new Date("2026-03-31T20:00:00Z")]) {
      const context = await rtmMonthContext(db, world.clinic, "2026-03", now);
      for (const staffId of [null, world.slpStaffId, world.otherSlpStaffId]) {
        expect(await freshCountsByRank(db, context, { institutionId: world.clinic, staffId }), `${context.today} staff ${String(staffId)}`).toEqual(await counted(staffId, context.today));
      }
    }
    const check = await checkCounters(db);
    expect(check.counted.rtm_status_counts).toBe(0);
  });
});
