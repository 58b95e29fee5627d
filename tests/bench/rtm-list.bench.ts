import { sql } from "drizzle-orm";
import { afterAll, bench, describe } from "vitest";
import { rowsOf } from "../../server/db/rows-of.ts";
import { rtmMonthContext } from "../../server/features/billing/rtm-month-rows.ts";
import { refreshStatuses } from "../../server/features/billing/rtm-status-store.ts";
import { percentile } from "./inject-timings.ts";
import { signIn, withBearer } from "../../server/auth/auth.test-helper.ts";
import { DEFAULT_DEMO_PASSWORD } from "../../server/config.ts";
import { injectTimings, percentileTable } from "./inject-timings.ts";
import { largeWorld, pageByCursor } from "./scale/scale-world.ts";

// The /rtm list (issue 24) at a real institution's size, through the whole HTTP stack
// (app.inject: API key, token, decode, scope, the page's reads, the audit row): one page of
// patients with their data days, the month's time entries and calls, and each row's status from
// the domain. The page is read from the patients' name indexes; the data days from
// patient_data_days (kept on write), never from game_sessions.
//
// At 100,000 patients (PostgreSQL; minutes to seed, so on a database of its own):
//   createdb -h 127.0.0.1 -U postgres bench_rtm
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_rtm npm run seed:large -- --patients 100000 --sessions-per-assignment 24
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_rtm npx vitest bench --run tests/bench/rtm-list.bench.ts
//   dropdb -h 127.0.0.1 -U postgres bench_rtm
// Without BENCH_DATABASE_URL it seeds BENCH_PATIENTS (2,000) on PGlite, so `npm run bench` runs anywhere.
// The first run logs time for every live patient of the institution (two overlapping entries this
// month, one last month) and a call for every third one, so each row has minutes and a status.
// Then the status filter and order (docs/billing.md "/rtm"): the bench first works out every
// patient's status for this month from scratch (rtm_month_statuses emptied, batches of 500 as the
// background pass does) and prints that pass's time and its batches' p50/p99, then times the
// status-filtered and status-ordered pages, which read the kept statuses by their indexes.

const OPTIONS = { iterations: 200, time: 0, warmupIterations: 20, warmupTime: 0 } as const;
/** Marks the entries this bench adds, so a second run on the same database adds none. */
const MARK = "rtm_list_bench";

const world = await largeWorld();
const db = world.t.database.db;

const first = async (query: ReturnType<typeof sql>): Promise<Record<string, unknown>> => rowsOf(await db.execute(query))[0] ?? {};

/** The signed-in SLP's staff row and institution: the patient of a session of theirs. */
const who = await first(
  sql`select p.assigned_staff_id as staff_id, p.institution_id from game_sessions g join patients p on p.id = g.patient_id where g.id = ${world.biggestSessionId ?? 0}`,
);
const staffId = Number(who.staff_id);
const institutionId = Number(who.institution_id);

const addTimeLog = async (): Promise<void> => {
  const [marked] = rowsOf(await db.execute(sql`select count(*)::int as n from rtm_time_entries where note = ${MARK}`));
  if (Number(marked?.n ?? 0) > 0) return;
  const started = performance.now();
  const [clinician] = rowsOf(await db.execute(sql`select user_id from staff where id = ${staffId}`));
  const userId = Number(clinician?.user_id);
  await db.execute(sql`
    insert into rtm_time_entries (patient_id, institution_id, clinician_user_id, activity, started_at, minutes, note)
    select p.id, p.institution_id, ${userId}, a.activity, a.started_at, a.minutes, ${MARK}
    from patients p
    cross join lateral (values
      ('review', date_trunc('month', now()) + interval '1 day' + (p.id % 20) * interval '1 hour', 12),
      ('messaging', date_trunc('month', now()) + interval '1 day' + (p.id % 20) * interval '1 hour' + interval '5 minutes', 10),
      ('care_planning', date_trunc('month', now()) - interval '10 days', 25)
    ) as a(activity, started_at, minutes)
    where p.institution_id = ${institutionId} and p.archived_at is null
    order by p.id`);
  await db.execute(sql`
    insert into rtm_calls (patient_id, institution_id, taken_by_user_id, call_date, minutes, participants)
    select p.id, p.institution_id, ${userId}, (date_trunc('month', now()) + interval '2 days')::date, 8, 'patient'
    from patients p where p.institution_id = ${institutionId} and p.archived_at is null and p.id % 3 = 0 order by p.id`);
  await db.execute(sql`analyze rtm_time_entries`);
  await db.execute(sql`analyze rtm_calls`);
  console.log(`rtm-list bench: logged time and calls in ${((performance.now() - started) / 1000).toFixed(1)} s`);
};
await addTimeLog();

/** The first full status pass: every live patient of the institution judged for this month. */
const fullPass = async (): Promise<string> => {
  await db.execute(sql`delete from rtm_month_statuses where institution_id = ${institutionId}`);
  // A status read before any status exists answers at once, leaving them to the pass (STATUS_IN_READ_MAX).
  const coldStarted = performance.now();
  const cold = await world.t.app.inject({ method: "GET", url: "/api/rtm/?status=at%20risk", headers: world.admin });
  const coldRead = `a status read before any status exists: ${cold.statusCode}, ${(performance.now() - coldStarted).toFixed(1)} ms, ${String((cold.json() as { statuses_pending?: number }).statuses_pending)} pending`;
  const context = await rtmMonthContext(db, institutionId, undefined, world.t.clock.now());
  const [row] = rowsOf(await db.execute(sql`select count(*)::int as n from patients where institution_id = ${institutionId} and archived_at is null`));
  const total = Number(row?.n ?? 0);
  const batches: number[] = [];
  let last = performance.now();
  const started = last;
  const progress = await refreshStatuses(db, context, { institutionId, staffId: null }, total, Number.POSITIVE_INFINITY, async () => {
    const now = performance.now();
    batches.push(now - last);
    last = now;
  });
  const seconds = (performance.now() - started) / 1000;
  // Autovacuum would follow 100,000 new rows; done here so counts read the index alone, as they will.
  await db.execute(sql`vacuum (analyze) rtm_month_statuses`);
  const [counts] = rowsOf(
    await db.execute(sql`select string_agg(status || ' ' || n, ', ' order by rank) as line from
      (select status, min(status_rank) as rank, count(*) as n from rtm_month_statuses where institution_id = ${institutionId} and month = ${context.month} group by status) s`),
  );
  return (
    `first full status pass: ${String(total)} patients in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)} patients/s), ${String(progress.pending)} left; ` +
    `batches of 500: p50 ${percentile(batches, 50).toFixed(0)} ms, p99 ${percentile(batches, 99).toFixed(0)} ms; ${String(counts?.line ?? "")}; ${coldRead}`
  );
};
const passLine = await fullPass();
console.log(`rtm-list bench: ${passLine}`);

const sizes = await first(
  sql`select (select count(*) from patients where institution_id = ${institutionId} and archived_at is null)::int as patients,
        (select count(*) from patients where assigned_staff_id = ${staffId} and archived_at is null)::int as caseload,
        (select count(*) from patient_data_days)::int as data_days,
        (select count(*) from rtm_time_entries)::int as entries`,
);
const pages = Math.max(1, Math.floor(Number(sizes.patients) / 25));

let turn = 0;
/** A page spread over the first hundredth of the list, where people page (deep pages use the same index range). */
const somePage = (): number => {
  turn += 1;
  return 1 + (turn * 7919) % Math.max(1, Math.min(pages, Math.ceil(pages / 100)));
};

const lastMonth = (() => {
  const now = new Date();
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return previous.toISOString().slice(0, 7);
})();

type Who = "admin" | "slp";
type Case = readonly [label: string, who: Who, url: () => string];

const deepByName = await pageByCursor(world, "/api/rtm/", 2000);
const deepByStatus = await pageByCursor(world, "/api/rtm/?ordering=status", 2000);
const CASES: readonly Case[] = [
  ["administrator: first page, this month", "admin", () => "/api/rtm/"],
  ["administrator: a later page, this month", "admin", () => `/api/rtm/?page=${somePage()}`],
  ["administrator: Z to A, 50 rows", "admin", () => "/api/rtm/?ordering=-name&page_size=50"],
  ["administrator: one SLP's caseload", "admin", () => `/api/rtm/?slp=${staffId}`],
  ["administrator: last month", "admin", () => `/api/rtm/?month=${lastMonth}`],
  ["SLP: own caseload, first page", "slp", () => "/api/rtm/"],
  ["administrator: at risk, first page", "admin", () => "/api/rtm/?status=at%20risk"],
  ["administrator: at risk, a later page", "admin", () => `/api/rtm/?status=at%20risk&page=${somePage()}`],
  ["administrator: ready to bill, first page", "admin", () => "/api/rtm/?status=ready%20to%20bill"],
  ["administrator: by status, first page", "admin", () => "/api/rtm/?ordering=status"],
  ["administrator: by status, a later page", "admin", () => `/api/rtm/?ordering=status&page=${somePage()}`],
  ["administrator: by status reversed, 50 rows", "admin", () => "/api/rtm/?ordering=-status&page_size=50"],
  ["administrator: one SLP's caseload, ready to bill", "admin", () => `/api/rtm/?slp=${staffId}&status=ready%20to%20bill`],
  ["SLP: own caseload by status", "slp", () => "/api/rtm/?ordering=status"],
  ["administrator: page 2000 by cursor", "admin", () => deepByName],
  ["administrator: by status, page 2000 by cursor", "admin", () => deepByStatus],
];

const { timings, call } = injectTimings();

// The first status pass takes minutes at 100,000 patients and the cases after it more: the large
// database's two people sign in again every 5 minutes (outside the timed calls) before tokens expire.
const headers = { admin: world.admin, slp: world.slp };
let signedAt = performance.now();
const headersOf = async (who: Who): Promise<Record<string, string>> => {
  if (process.env.BENCH_DATABASE_URL !== undefined && performance.now() - signedAt > 5 * 60_000) {
    const again = async (email: string) => withBearer((await signIn(world.t, { id: 0, email, password: DEFAULT_DEMO_PASSWORD, institutionId: null })).access);
    headers.admin = await again("admin@large.test");
    headers.slp = await again("slp@large.test");
    signedAt = performance.now();
  }
  return headers[who];
};

afterAll(async () => {
  const table = percentileTable(CASES.map(([label]) => label), timings, OPTIONS.warmupIterations);
  console.log(
    `\n/rtm list: ${world.label}, ${String(sizes.patients)} live patients in the institution, SLP caseload ${String(sizes.caseload)}, ` +
      `${String(sizes.data_days)} data-day rows, ${String(sizes.entries)} time entries\n${passLine}\n${table}\n`,
  );
  await world.t.close();
}, 600_000);

describe(`/rtm list (${world.label})`, () => {
  for (const [label, caller, url] of CASES) {
    bench(
      label,
      async () => call(label, world.t, url(), await headersOf(caller)),
      OPTIONS,
    );
  }
});
