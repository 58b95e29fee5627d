import { sql } from "drizzle-orm";
import { buildApp } from "../../../server/app.ts";
import { signIn, withBearer } from "../../../server/auth/auth.test-helper.ts";
import { manualClock, systemClock } from "../../../server/clock.ts";
import { DEFAULT_DEMO_PASSWORD, testConfig } from "../../../server/config.ts";
import { connectDatabase } from "../../../server/db/connect.ts";
import type { DatabaseHandle } from "../../../server/db/database.ts";
import { rowsOf } from "../../../server/db/rows-of.ts";
import { createTestDatabase } from "../../../server/db/test-database.ts";
import { seedLargeInstitution } from "../../../server/seed/large-institution.ts";
import { syncReferenceData } from "../../../server/seed/reference-data.ts";
import { seedDemoData } from "../../../server/seed/seed-demo-data.ts";
import type { TestApp } from "../../../server/test-app.test-helper.ts";
import { productionLogger } from "../floor/production-logger.ts";

/** Who the scale benches call as: the institution's administrator and its SLP with the big caseload. */
export type ScaleWorld = {
  readonly label: string;
  readonly t: TestApp;
  readonly admin: Record<string, string>;
  readonly slp: Record<string, string>;
  /** A session of the SLP's caseload with the most attempts (the detail's worst case here). */
  readonly biggestSessionId: number | null;
  /** The SLP's staff id (their record's patient list). */
  readonly slpStaffId: number | null;
  readonly sizes: { readonly patients: number; readonly sessions: number };
};

const count = async (handle: DatabaseHandle, table: string): Promise<number> =>
  Number(rowsOf(await handle.db.execute(sql`select count(*)::bigint as n from ${sql.raw(table)}`))[0]?.n ?? 0);

const biggestSession = async (handle: DatabaseHandle, slpEmail: string): Promise<number | null> => {
  const [row] = rowsOf(
    await handle.db.execute(sql`
      select g.id from game_sessions g
      join patients p on p.id = g.patient_id
      join staff s on s.id = p.assigned_staff_id
      join users u on u.id = s.user_id and lower(u.email) = ${slpEmail}
      order by (select count(*) from game_attempts a where a.session_id = g.id) desc, g.id
      limit 1`),
  );
  return row === undefined ? null : Number(row.id);
};

/** The SLP's staff row. */
const staffIdOf = async (handle: DatabaseHandle, slpEmail: string): Promise<number | null> => {
  const [row] = rowsOf(await handle.db.execute(sql`select s.id from staff s join users u on u.id = s.user_id where lower(u.email) = ${slpEmail}`));
  return row === undefined ? null : Number(row.id);
};

/**
 * Gives the SLP's latest naming session 250 challenges of two attempts (500 attempts, the issue's
 * worst detail) when none of their sessions has that many: `seed:large` without `--attempts`
 * writes sessions with their totals only. Once per database; a later run finds it.
 */
const growOneSession = async (handle: DatabaseHandle, slpEmail: string): Promise<void> => {
  await handle.db.execute(sql`
    with target as (
      select g.id from game_sessions g
      join games gm on gm.id = g.game_id and gm.type = 'naming'
      join patients p on p.id = g.patient_id
      join staff s on s.id = p.assigned_staff_id
      join users u on u.id = s.user_id and lower(u.email) = ${slpEmail}
      where not exists (
        select 1 from game_attempts a join game_sessions g2 on g2.id = a.session_id
        join patients p2 on p2.id = g2.patient_id and p2.assigned_staff_id = s.id
        group by a.session_id having count(*) >= 500)
      order by g.id desc limit 1),
    challenges as (
      insert into game_challenges (session_id, position, content)
      select target.id, i, jsonb_build_object('object_name', 'object ' || i, 'image_url', 'https://cdn.example.org/naming/' || i || '.png')
      from target, generate_series(1, 250) i
      returning id, session_id, position)
    insert into game_attempts (session_id, challenge_id, attempt_number, score, is_correct, transcription, hints_used, time_seconds, response_audio_url, attempt_data, created_at)
    select c.session_id, c.id, n, case when n = 2 then 1 else 0 end, n = 2, 'object ' || c.position, n - 1, 8.5,
      'https://cdn.example.org/audio/' || c.position || '-' || n || '.m4a', '{}'::jsonb, now()
    from challenges c, generate_series(1, 2) n`);
};

/** The app on `handle` with the real clock (the seeds date everything from now), signed in as two people. */
const open = async (label: string, handle: DatabaseHandle, emails: { readonly admin: string; readonly slp: string }): Promise<ScaleWorld> => {
  // Logging as the server does (a line per request, written at once), so the times include it.
  const app = await buildApp({ config: testConfig(), db: handle.db, clock: systemClock, logger: productionLogger() });
  await app.ready();
  // The sign-in helpers take a TestApp; their clock is not used here (the app runs on the real one).
  const t: TestApp = { app, database: handle, clock: manualClock(new Date()), logs: [], close: async () => {
    await app.close();
    await handle.close();
  } };
  const tokenOf = async (email: string) => withBearer((await signIn(t, { id: 0, email, password: DEFAULT_DEMO_PASSWORD, institutionId: null })).access);
  return {
    label,
    t,
    admin: await tokenOf(emails.admin),
    slp: await tokenOf(emails.slp),
    biggestSessionId: await biggestSession(handle, emails.slp),
    slpStaffId: await staffIdOf(handle, emails.slp),
    sizes: { patients: await count(handle, "patients"), sessions: await count(handle, "game_sessions") },
  };
};

/**
 * The large institution: BENCH_DATABASE_URL's, seeded beforehand by `npm run seed:large` (its first
 * large institution signs in as admin@large.test and slp@large.test), or, without it, a small one
 * (BENCH_PATIENTS, 2,000 by default, 24 sessions per assignment over 90 days) seeded here on PGlite
 * so the bench runs anywhere.
 */
export const largeWorld = async (): Promise<ScaleWorld> => {
  const url = process.env.BENCH_DATABASE_URL;
  if (url !== undefined && url !== "") {
    const handle = await connectDatabase({ databaseUrl: url, dataDir: "memory://" });
    await handle.migrate();
    await growOneSession(handle, "slp@large.test");
    return open(`large (${new URL(url).pathname.slice(1)})`, handle, { admin: "admin@large.test", slp: "slp@large.test" });
  }
  const handle = await createTestDatabase("pglite");
  await syncReferenceData(handle.db);
  const patients = Number(process.env.BENCH_PATIENTS ?? 2_000);
  const seeded = await seedLargeInstitution(handle.db, { patients, sessionsPerAssignment: 24, attempts: true, seed: 22, passwordHashCost: "production" });
  return open(`large (${patients} patients, PGlite)`, handle, { admin: seeded.adminEmail, slp: seeded.slpEmail });
};

/** The demo data (150 patients) on a fresh database of the same kind: the throughput the large one is held to. */
export const demoWorld = async (): Promise<ScaleWorld> => {
  const postgres = process.env.BENCH_DATABASE_URL !== undefined && process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== "";
  const handle = await createTestDatabase(postgres ? "postgres" : "pglite");
  await syncReferenceData(handle.db);
  await seedDemoData(handle.db, { baseDate: new Date(), password: DEFAULT_DEMO_PASSWORD, passwordHashCost: "production" });
  return open(`demo (${postgres ? "PostgreSQL" : "PGlite"})`, handle, { admin: "admin@demo.test", slp: "slp@demo.test" });
};

/**
 * The address of page `page` of the list at `base` (its last page on a shorter list, page 2 at the
 * least) as Next asks for it: with the cursor page `page - 1` answered, read once here by its number
 * as the administrator (issue 36: deep pages by key). Without a cursor in that answer, by number.
 */
export const pageByCursor = async (world: ScaleWorld, base: string, page: number): Promise<string> => {
  const at = (number: number) => `${base}${base.includes("?") ? "&" : "?"}page=${number}`;
  const read = async (number: number) =>
    (await world.t.app.inject({ url: at(number), headers: world.admin })).json() as { total_pages: number; next_cursor?: string | null };
  const target = Math.max(2, Math.min(page, (await read(1)).total_pages));
  const cursor = (await read(target - 1)).next_cursor;
  return cursor ? `${at(target)}&cursor=${encodeURIComponent(cursor)}` : at(target);
};
