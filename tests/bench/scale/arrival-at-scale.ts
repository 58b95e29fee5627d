import { sql } from "drizzle-orm";
import { rowsOf } from "../../../server/db/rows-of.ts";
import { MOBILE_UPLOAD_URL, sessionBody, withDevice } from "../../../server/features/mobile/mobile-world.test-helper.ts";
import type { GameType } from "../../../domain/shared/games/game-type.ts";
import { rtmMonthContext } from "../../../server/features/billing/rtm-month-rows.ts";
import { refreshStatuses } from "../../../server/features/billing/rtm-status-store.ts";
import { percentile } from "../inject-timings.ts";
import { largeWorld } from "./scale-world.ts";

// One session arriving at a real institution's size (issue 36: "one arriving session <= 10 ms
// with the patient row updated HOT, or not at all"): sessions uploaded one at a time, none in
// flight beside it, through the whole HTTP stack (app.inject: API key, device token, decode, the
// rules, the statement with its receipt, session, challenges, attempts, the counters' triggers,
// the audit row), each as a real arrival comes: a patient's first session of the day (so it makes
// their kept RTM month stale) from a device not used for over a minute (so its last use is
// stamped). A patient plays a few times a day, so nearly every arrival is both; until this stop
// the bench sent 300 sessions from 40 devices in a row, which measured neither. Each upload has a
// patient and a device of its own: active patients with a live assignment and no session since
// yesterday, spread over the institution. Before and after, pg_stat_user_tables' updates of
// `patients` and `patient_activity` (all and HOT), so the note can say what an arrival rewrites.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/large npx tsx tests/bench/scale/arrival-at-scale.ts [--sessions=N]
// (the database filled by `npm run seed:large`, as tests/bench/scale/dashboards-at-scale.bench.ts
// says). Each run adds its sessions and devices to that database; nothing else is changed.

const argument = (name: string, fallback: number): number => {
  const found = process.argv.find((value) => value.startsWith(`--${name}=`));
  return found === undefined ? fallback : Number(found.slice(name.length + 3));
};
const SESSIONS = argument("sessions", 300);
const WARMUP = 20;
const PATIENTS = SESSIONS + WARMUP;

if (process.env.BENCH_DATABASE_URL === undefined) throw new Error("set BENCH_DATABASE_URL to a database seeded by npm run seed:large");
const world = await largeWorld();
const db = world.t.database.db;

type TableUpdates = { readonly updates: number; readonly hot: number };
const updatesOf = async (): Promise<Record<string, TableUpdates>> => {
  const rows = rowsOf(
    await db.execute(sql`select relname, n_tup_upd::bigint as updates, n_tup_hot_upd::bigint as hot from pg_stat_user_tables where relname in ('patients', 'patient_activity')`),
  );
  return Object.fromEntries(rows.map((row) => [String(row.relname), { updates: Number(row.updates), hot: Number(row.hot) }]));
};
// A backend reports its table statistics when idle, at most once a second and at the latest after
// ten: wait that long before each reading so it counts every arrival.
const settledUpdates = async (): Promise<Record<string, TableUpdates>> => {
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  return updatesOf();
};

// Active live patients of the large institution with a live assignment and no data since yesterday, spread over its ids.
const picked = rowsOf(
  await db.execute(sql`
    select distinct on (p.id % ${sql.raw(String(PATIENTS))}) p.id as patient_id, l.id as level_id, g.type as game_type
    from patients p
    join patient_game_levels l on l.patient_id = p.id and l.is_active
    join games g on g.id = l.game_id
    where p.institution_id = (select institution_id from staff where id = ${world.slpStaffId ?? 0})
      and p.status = 'active' and p.archived_at is null
      and not exists (select 1 from patient_data_days d where d.patient_id = p.id and d.day >= current_date - 1)
    order by p.id % ${sql.raw(String(PATIENTS))}, p.id * 7919 % 100003`),
).map((row) => ({ patientId: Number(row.patient_id), levelId: Number(row.level_id), gameType: String(row.game_type) as GameType }));
if (picked.length < PATIENTS) throw new Error(`the large institution has ${picked.length} active patients with a live assignment and no session since yesterday, not ${PATIENTS}`);

const devices = [];
for (const one of picked) {
  const response = await world.t.app.inject({ method: "POST", url: `/api/patients/${one.patientId}/devices/`, headers: world.admin, payload: { label: "Arrival bench" } });
  if (response.statusCode !== 201) throw new Error(`pairing answered ${response.statusCode}: ${response.body}`);
  devices.push({ ...one, token: (response.json() as { token: string }).token });
}

// The month's statuses kept as the background pass keeps them (docs/billing.md "/rtm"), so each
// arrival marks what it marks in production: a patient's first session of a day makes their kept
// months stale (migration 0044: later ones that day mark nothing). The first run on a new seed
// judges the whole institution (about half a minute at 100,000 patients); later runs only the
// patients the previous run's arrivals made stale.
const [home] = rowsOf(await db.execute(sql`select institution_id, count(*)::int as n from patients where institution_id = (select institution_id from staff where id = ${world.slpStaffId ?? 0}) and archived_at is null group by 1`));
const statusContext = await rtmMonthContext(db, Number(home?.institution_id), undefined, new Date());
const statusesStarted = performance.now();
const statuses = await refreshStatuses(db, statusContext, { institutionId: Number(home?.institution_id), staffId: null }, Number(home?.n ?? 0), Number.POSITIVE_INFINITY);
console.log(`statuses of ${statusContext.month} kept: ${String(statuses.pending)} pending after ${((performance.now() - statusesStarted) / 1000).toFixed(1)} s`);

const before = await settledUpdates();
const timings: number[] = [];
const started = Date.now();
for (let index = 0; index < SESSIONS + WARMUP; index += 1) {
  const device = devices[index % devices.length] as (typeof devices)[number];
  // Played in the last hours, a minute apart, so every upload is a new, valid session.
  const body = sessionBody(device.gameType, device.levelId, { start: new Date(started - (index + 10) * 60_000) });
  const at = performance.now();
  const response = await world.t.app.inject({ method: "POST", url: MOBILE_UPLOAD_URL, headers: { ...withDevice(device.token), "content-type": "application/json" }, payload: body });
  const elapsed = performance.now() - at;
  if (response.statusCode !== 201) throw new Error(`upload answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  if (index >= WARMUP) timings.push(elapsed);
}
const after = await settledUpdates();

const change = (table: string) => {
  const was = before[table] ?? { updates: 0, hot: 0 };
  const now = after[table] ?? { updates: 0, hot: 0 };
  return `${now.updates - was.updates} updates, ${now.hot - was.hot} HOT`;
};
console.log(
  `\nOne session arriving, ${world.label}, ${world.sizes.patients} patients, ${world.sizes.sessions} sessions; ${SESSIONS} uploads after ${WARMUP}, one at a time, ${devices.length} devices\n` +
    `| upload p50 | p99 | max |\n|---:|---:|---:|\n| ${percentile(timings, 50).toFixed(1)} ms | ${percentile(timings, 99).toFixed(1)} ms | ${Math.max(...timings).toFixed(1)} ms |\n` +
    `patients: ${change("patients")}; patient_activity: ${change("patient_activity")} (${SESSIONS + WARMUP} arrivals)\n`,
);
await world.t.close();
