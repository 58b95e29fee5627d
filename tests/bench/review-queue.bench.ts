import { sql } from "drizzle-orm";
import { afterAll, bench, describe } from "vitest";
import type { DatabaseHandle } from "../../server/db/database.ts";
import { rowsOf } from "../../server/db/rows-of.ts";
import { injectTimings, percentileTable } from "./inject-timings.ts";
import { largeWorld } from "./scale/scale-world.ts";

// The review queue (issue 23) at a real institution's size, through the whole HTTP stack
// (app.inject: API key, token, decode, scope, the step's statement, the audit row): a patient's
// next and previous pending session from a cursor, a patient's pending counts per exercise, and the
// caseload's next step for the SLP with the big caseload and for the institution's administrator.
// Goal: p99 <= 20 ms at 100,000 patients with 500 sessions on each sampled patient.
//
// At 100,000 patients (PostgreSQL; minutes to seed, so on a database of its own):
//   createdb -h 127.0.0.1 -U postgres bench_queue
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_queue npm run seed:large -- --patients 100000 --sessions-per-assignment 24
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_queue npx vitest bench --run tests/bench/review-queue.bench.ts
//   dropdb -h 127.0.0.1 -U postgres bench_queue
// Without BENCH_DATABASE_URL it seeds BENCH_PATIENTS (2,000) on PGlite, so `npm run bench` runs anywhere.
// The first run adds the sample's sessions (QUEUE_SAMPLE patients, half of them the SLP's, 500
// sessions each, 90 % pending, in one statement); a later run on the same database finds them.

const SAMPLE = Number(process.env.QUEUE_SAMPLE ?? 200);
const SESSIONS_EACH = 500;
const OPTIONS = { iterations: 300, time: 0, warmupIterations: 30, warmupTime: 0 } as const;
/** Marks the sessions this bench adds, so a second run on the same database adds none. */
const MARK = "review_queue_bench";

const world = await largeWorld();
const db = world.t.database.db;

type Who = "admin" | "slp";

const one = async (handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<Record<string, unknown>> => rowsOf(await handle.db.execute(query))[0] ?? {};

/** Where the signed-in SLP and administrator stand: the SLP's staff row (the patient of a session of theirs) and its institution. */
const who = await one(
  world.t.database,
  sql`select p.assigned_staff_id as staff_id, p.institution_id from game_sessions g join patients p on p.id = g.patient_id
      where g.id = ${world.biggestSessionId ?? 0}`,
);
const staffId = Number(who.staff_id);
const institutionId = Number(who.institution_id);

/** The sample: live patients with a live exercise level, half from the SLP's caseload, half from the rest of the institution. */
const addSample = async (): Promise<void> => {
  const [marked] = rowsOf(await db.execute(sql`select count(*)::int as n from game_sessions where metrics ? ${MARK}::text`));
  if (Number(marked?.n ?? 0) > 0) return;
  const started = performance.now();
  await db.execute(sql`
    with picked as (
      (select p.id from patients p where p.assigned_staff_id = ${staffId} and p.archived_at is null
         and exists (select 1 from patient_game_levels l where l.patient_id = p.id and l.is_active) order by p.id limit ${SAMPLE / 2})
      union all
      (select p.id from patients p where p.institution_id = ${institutionId} and p.assigned_staff_id is distinct from ${staffId} and p.archived_at is null
         and exists (select 1 from patient_game_levels l where l.patient_id = p.id and l.is_active) order by p.id desc limit ${SAMPLE / 2})
    ),
    levels as (
      select distinct on (l.patient_id) l.id, l.patient_id, l.game_id, l.difficulty
      from patient_game_levels l join picked on picked.id = l.patient_id where l.is_active order by l.patient_id, l.id
    )
    insert into game_sessions (patient_game_level_id, patient_id, game_id, difficulty, start_time, end_time, duration_seconds, total_score, accuracy_percentage, reviewed, metrics)
    select l.id, l.patient_id, l.game_id, l.difficulty, start, start + interval '3 minutes', 180, 3, 60, n % 10 = 0, jsonb_build_object(${MARK}::text, true)
    from levels l
    cross join lateral generate_series(1, ${SESSIONS_EACH}) as n
    cross join lateral (select now() - interval '90 days' + (n * interval '4 hours') + (l.patient_id % 60) * interval '1 minute' as start) as t
    order by l.patient_id, n`);
  await db.execute(sql`analyze game_sessions`);
  await db.execute(sql`analyze patients`);
  console.log(`review-queue bench: added ${SAMPLE} x ${SESSIONS_EACH} sessions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
};
await addSample();

const ids = async (query: ReturnType<typeof sql>): Promise<number[]> => rowsOf(await db.execute(query)).map((row) => Number(row.id));

/** The sample's patients, and pending sessions of theirs to step from (a few per patient, anywhere in their history). */
const samplePatients = await ids(sql`select distinct patient_id as id from game_sessions where metrics ? ${MARK}::text order by 1`);
const cursors = rowsOf(
  await db.execute(sql`
    select patient_id, id from (
      select patient_id, id, row_number() over (partition by patient_id order by md5(id::text)) as r
      from game_sessions where metrics ? ${MARK}::text and not reviewed) as s
    where r <= 5 order by md5(id::text)`),
).map((row) => ({ patientId: Number(row.patient_id), sessionId: Number(row.id) }));
/** Pending sessions of the SLP's caseload and of the institution (live patients), to step on from. */
const slpCursors = await ids(sql`
  select g.id from game_sessions g join patients p on p.id = g.patient_id
  where p.assigned_staff_id = ${staffId} and p.archived_at is null and not g.reviewed order by md5(g.id::text) limit 400`);
const adminCursors = await ids(sql`
  select g.id from game_sessions g join patients p on p.id = g.patient_id
  where p.institution_id = ${institutionId} and p.archived_at is null and not g.reviewed order by md5(g.id::text) limit 400`);
const sizes = await one(
  world.t.database,
  sql`select (select count(*) from patients)::int as patients, (select count(*) from game_sessions)::int as sessions,
        (select count(*) from game_sessions where not reviewed)::int as pending,
        (select count(*) from patients where assigned_staff_id = ${staffId} and archived_at is null)::int as caseload`,
);

let turn = 0;
const nextOf = <T>(list: readonly T[]): T => {
  turn += 1;
  const item = list[turn % list.length];
  if (item === undefined) throw new Error("the bench has nothing to step from: seed the large institution first");
  return item;
};

type Case = readonly [label: string, who: Who, url: () => string];
const CASES: readonly Case[] = [
  ["patient: next from a pending session", "admin", () => {
    const cursor = nextOf(cursors);
    return `/api/review-queue/next/?scope=patient&patient=${cursor.patientId}&from=${cursor.sessionId}`;
  }],
  ["patient: previous from a pending session", "admin", () => {
    const cursor = nextOf(cursors);
    return `/api/review-queue/next/?scope=patient&patient=${cursor.patientId}&from=${cursor.sessionId}&direction=previous`;
  }],
  ["patient: first pending (no cursor)", "admin", () => `/api/review-queue/next/?scope=patient&patient=${nextOf(samplePatients)}`],
  ["patient: pending reviews per level", "admin", () => `/api/patients/${nextOf(samplePatients)}/pending-reviews/`],
  ["caseload (SLP): next from a pending session", "slp", () => `/api/review-queue/next/?scope=caseload&from=${nextOf(slpCursors)}`],
  ["caseload (SLP): first pending", "slp", () => "/api/review-queue/next/?scope=caseload"],
  ["caseload (administrator): next from a pending session", "admin", () => `/api/review-queue/next/?scope=caseload&from=${nextOf(adminCursors)}`],
  ["caseload (administrator): previous from a pending session", "admin", () => `/api/review-queue/next/?scope=caseload&from=${nextOf(adminCursors)}&direction=previous`],
  ["caseload (administrator): first pending", "admin", () => "/api/review-queue/next/?scope=caseload"],
];

const { timings, call } = injectTimings();

afterAll(async () => {
  const table = percentileTable(CASES.map(([label]) => label), timings, OPTIONS.warmupIterations);
  console.log(
    `\nReview queue: ${world.label}, ${String(sizes.patients)} patients, ${String(sizes.sessions)} sessions (${String(sizes.pending)} pending), ` +
      `SLP caseload ${String(sizes.caseload)}, sample ${samplePatients.length} patients x ${SESSIONS_EACH} sessions\n${table}\n`,
  );
  await world.t.close();
}, 600_000);

describe(`review queue (${world.label})`, () => {
  for (const [label, caller, url] of CASES) {
    bench(
      label,
      () => call(label, world.t, url(), world[caller]),
      OPTIONS,
    );
  }
});
