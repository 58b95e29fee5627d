import { fc } from "@fast-check/vitest";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../database.ts";
import { rowsOf } from "../rows-of.ts";
import { TEST_DRIVERS, createTestDatabase } from "../test-database.ts";
import { syncReferenceData } from "../../seed/reference-data.ts";
import { checkCounters, repairCounters } from "./check-counters.ts";
import { fuzzRuns } from "../../../domain/shared/testing/fuzz-budget.test-helper.ts";

// The counters kept on write (migration 0012) against random histories of the writes that move
// them: sessions arriving (one or many per statement), reviews and un-reviews, a session moved in
// time, to another level of its patient or deleted, patients changing status, SLP, archive state or institution, an institution's
// time zone changed (the data days, migration 0018). After every history the integrity check
// (npm run db:check-counters) must find nothing, on each database.

const BASE = Date.parse("2026-03-01T12:00:00Z");

// The two institutions start in Los Angeles (midnight is 08:00 UTC, 07:00 after 8 March) and Berlin
// (23:00 UTC); sessions are drawn around those midnights as well as anywhere, and the zones change.
const ZONES = ["America/Los_Angeles", "Europe/Berlin", "America/New_York", "UTC", "Asia/Kolkata"] as const;
const MINUTES_TO_MIDNIGHTS = [-4 * 60, -5 * 60, 11 * 60] as const;
const sessionMinutes = fc.oneof(
  fc.integer({ min: -20 * 24 * 60, max: 60 }),
  fc
    .record({ day: fc.integer({ min: -20, max: 10 }), midnight: fc.constantFrom(...MINUTES_TO_MIDNIGHTS), jitter: fc.integer({ min: -2, max: 2 }) })
    .map(({ day, midnight, jitter }) => day * 24 * 60 + midnight + jitter),
);

type World = { readonly institutions: readonly number[]; readonly staff: readonly number[]; readonly gameId: number; readonly roleId: number };

const ids = (result: unknown): number[] => rowsOf(result).map((row) => Number(row.id));

const command = fc.oneof(
  fc.record({ kind: fc.constant("add_patients" as const), count: fc.integer({ min: 1, max: 4 }), institution: fc.nat(1), staff: fc.nat(2), status: fc.constantFrom("active", "pending", "inactive") }),
  fc.record({
    kind: fc.constant("add_sessions" as const),
    sessions: fc.array(fc.record({ patient: fc.nat(), minutes: sessionMinutes, reviewed: fc.boolean(), seconds: fc.float({ min: 0, max: 900, noNaN: true }) }), { minLength: 1, maxLength: 6 }),
  }),
  fc.record({ kind: fc.constant("review" as const), pick: fc.nat(), count: fc.integer({ min: 1, max: 5 }), reviewed: fc.boolean() }),
  fc.record({ kind: fc.constant("move_session" as const), pick: fc.nat(), minutes: fc.integer({ min: -10 * 24 * 60, max: 10 * 24 * 60 }) }),
  fc.record({ kind: fc.constant("delete_session" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("move_level" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("patient_status" as const), pick: fc.nat(), status: fc.constantFrom("active", "pending", "inactive") }),
  fc.record({ kind: fc.constant("archive" as const), pick: fc.nat(), archived: fc.boolean() }),
  fc.record({ kind: fc.constant("reassign" as const), pick: fc.nat(), staff: fc.nat(2) }),
  fc.record({ kind: fc.constant("move_institution" as const), pick: fc.nat(), institution: fc.nat(1) }),
  fc.record({ kind: fc.constant("time_zone" as const), institution: fc.nat(1), zone: fc.constantFrom(...ZONES) }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

// "players": patients with sessions, whose moves are the ones that move session counters.
const pickIds = async (handle: DatabaseHandle, table: "patients" | "game_sessions" | "players", pick: number, count = 1): Promise<number[]> => {
  const all = ids(
    await handle.db.execute(table === "players" ? sql`select distinct patient_id as id from game_sessions order by 1` : sql`select id from ${sql.raw(table)} order by id`),
  );
  if (all.length === 0) return [];
  return Array.from({ length: Math.min(count, all.length) }, (_, offset) => all[(pick + offset) % all.length] as number);
};

const apply = async (handle: DatabaseHandle, world: World, step: Command): Promise<void> => {
  const { db } = handle;
  switch (step.kind) {
    case "add_patients": {
      const institutionId = world.institutions[step.institution] as number;
      const staffId = step.staff === 2 ? null : (world.staff[step.institution * 2 + step.staff] ?? null);
      const inserted = ids(
        await db.execute(sql`
          insert into patients (institution_id, first_name, last_name, email, birthdate, gender, status, assigned_staff_id)
          select ${institutionId}, 'Pat', 'Ient', 'p' || gen_random_uuid() || '@counters.test', '1950-01-01', 'female', ${step.status}, ${staffId}::int
          from generate_series(1, ${step.count}) returning id`),
      );
      await db.execute(sql`
        insert into patient_game_levels (patient_id, game_id, difficulty, amount_challenges, amount_trials, min_repetitions_per_day, max_repetitions_per_day)
        select unnest(${sql.param(inserted)}::int[]), ${world.gameId}, difficulty, 5, 2, 1, 3
        from unnest(array['easy', 'medium']) as difficulty`);
      return;
    }
    case "add_sessions": {
      const levels = rowsOf(await db.execute(sql`select id, patient_id from patient_game_levels order by id`));
      if (levels.length === 0) return;
      const rows = step.sessions.map((session) => {
        const level = levels[session.patient % levels.length] as Record<string, unknown>;
        return { level: Number(level.id), patient: Number(level.patient_id), start: new Date(BASE + session.minutes * 60_000).toISOString(), reviewed: session.reviewed, seconds: session.seconds };
      });
      // One statement for all of them: the triggers see many rows, possibly of one patient and bucket.
      await db.execute(sql`
        insert into game_sessions (patient_game_level_id, patient_id, game_id, difficulty, start_time, reviewed, duration_seconds)
        select r.level, r.patient, ${world.gameId}, 'easy', r.start, r.reviewed, r.seconds
        from unnest(${sql.param(rows.map((r) => r.level))}::int[], ${sql.param(rows.map((r) => r.patient))}::int[],
          ${sql.param(rows.map((r) => r.start))}::timestamptz[], ${sql.param(rows.map((r) => r.reviewed))}::boolean[],
          ${sql.param(rows.map((r) => r.seconds))}::real[]) as r(level, patient, start, reviewed, seconds)`);
      return;
    }
    case "review": {
      const picked = await pickIds(handle, "game_sessions", step.pick, step.count);
      await db.execute(sql`update game_sessions set reviewed = ${step.reviewed} where id = any(${sql.param(picked)}::int[])`);
      return;
    }
    case "move_session": {
      const picked = await pickIds(handle, "game_sessions", step.pick);
      await db.execute(sql`update game_sessions set start_time = start_time + make_interval(mins => ${step.minutes}) where id = any(${sql.param(picked)}::int[])`);
      return;
    }
    case "delete_session": {
      const picked = await pickIds(handle, "game_sessions", step.pick);
      await db.execute(sql`delete from game_sessions where id = any(${sql.param(picked)}::int[])`);
      return;
    }
    case "move_level": {
      // A session moved to the patient's other level: each level's pending count follows it.
      const picked = await pickIds(handle, "game_sessions", step.pick);
      await db.execute(sql`
        update game_sessions g set patient_game_level_id = l.id
        from patient_game_levels l
        where g.id = any(${sql.param(picked)}::int[]) and l.patient_id = g.patient_id and l.id <> g.patient_game_level_id`);
      return;
    }
    case "patient_status": {
      const picked = await pickIds(handle, "patients", step.pick);
      await db.execute(sql`update patients set status = ${step.status} where id = any(${sql.param(picked)}::int[])`);
      return;
    }
    case "archive": {
      const picked = await pickIds(handle, "patients", step.pick);
      // Restoring is not something the portal does; the counters must follow it all the same.
      await db.execute(sql`update patients set archived_at = ${step.archived ? sql`now()` : sql`null`} where id = any(${sql.param(picked)}::int[])`);
      return;
    }
    case "reassign": {
      const picked = await pickIds(handle, "patients", step.pick);
      const staffId = step.staff === 2 ? null : (world.staff[step.staff] ?? null);
      await db.execute(sql`update patients set assigned_staff_id = ${staffId}::int where id = any(${sql.param(picked)}::int[])`);
      return;
    }
    case "move_institution": {
      const picked = await pickIds(handle, "players", step.pick);
      await db.execute(sql`update patients set institution_id = ${world.institutions[step.institution] as number}, assigned_staff_id = null where id = any(${sql.param(picked)}::int[])`);
      return;
    }
    case "time_zone": {
      await db.execute(sql`update institutions set time_zone = ${step.zone} where id = ${world.institutions[step.institution] as number}`);
      return;
    }
  }
};

describe.each(TEST_DRIVERS)("counters kept on write on %s", (driver) => {
  let handle: DatabaseHandle;
  let world: World;

  beforeAll(async () => {
    handle = await createTestDatabase(driver);
    await syncReferenceData(handle.db);
    const { db } = handle;
    const institutions = ids(
      await db.execute(sql`insert into institutions (name, time_zone) values ('Counters A', 'America/Los_Angeles'), ('Counters B', 'Europe/Berlin') returning id`),
    );
    const [role] = rowsOf(await db.execute(sql`select id from roles where code = 'staff'`));
    const [game] = rowsOf(await db.execute(sql`select id from games order by id limit 1`));
    const roleId = Number(role?.id);
    const users = ids(
      await db.execute(sql`
        insert into users (email, role_id, institution_id)
        select 'slp' || n || '@counters.test', ${roleId}, (${sql.param(institutions)}::int[])[1 + (n - 1) / 2]
        from generate_series(1, 4) as n returning id`),
    );
    const staff = ids(
      await db.execute(sql`
        insert into staff (user_id, institution_id, status)
        select u.id, u.institution_id, 'active' from users u where u.id = any(${sql.param(users)}::int[]) order by u.id returning id`),
    );
    world = { institutions, staff, gameId: Number(game?.id), roleId };
  }, 120_000);
  afterAll(() => handle?.close());

  it("are exact after any history of writes (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (history) => {
        for (const step of history) await apply(handle, world, step);
        const check = await checkCounters(handle.db);
        expect(check.differences).toEqual([]);
      }),
      { numRuns: fuzzRuns(25) },
    );
  }, 600_000);

  it("reports a counter that was changed behind the triggers' back, and the repair puts it right", async () => {
    await apply(handle, world, { kind: "add_patients", count: 2, institution: 0, staff: 0, status: "active" });
    await apply(handle, world, { kind: "add_sessions", sessions: [{ patient: 0, minutes: -30, reviewed: false, seconds: 120 }] });
    await handle.db.execute(sql`update patient_activity set pending_sessions = pending_sessions + 3 where patient_id = (select min(patient_id) from game_sessions)`);
    await handle.db.execute(sql`update session_buckets set sessions = sessions + 1 where institution_id = ${world.institutions[0] as number}`);
    await handle.db.execute(sql`delete from patient_counts where staff_key = -1`);
    await handle.db.execute(sql`update patient_last_session_days set patients = patients + 2 where institution_id = ${world.institutions[0] as number}`);
    await handle.db.execute(sql`update patient_game_levels set pending_sessions = pending_sessions + 1 where id = (select min(patient_game_level_id) from game_sessions)`);
    await handle.db.execute(sql`update patient_data_days set sessions = sessions + 1 where (patient_id, day) = (select patient_id, day from patient_data_days order by 1, 2 limit 1)`);
    await handle.db.execute(sql`insert into patient_data_days (patient_id, day, sessions) select min(patient_id), '1999-01-01', 0 from game_sessions`);
    const broken = await checkCounters(handle.db);
    expect(broken.counted.patient_sessions).toBe(1);
    expect(broken.counted.level_sessions).toBe(1);
    expect(broken.counted.session_buckets).toBeGreaterThan(0);
    expect(broken.counted.patient_counts).toBeGreaterThan(0);
    expect(broken.counted.patient_last_session_days).toBeGreaterThan(0);
    expect(broken.counted.patient_data_days).toBe(2);
    expect(broken.differences.find((d) => d.counter === "patient_data_days" && d.key.endsWith("1999-01-01"))).toMatchObject({ stored: "0", expected: "none" });
    expect(broken.differences.find((d) => d.counter === "patient_sessions")?.stored).toMatch(/^pending \d+/);
    await repairCounters(handle.db);
    expect((await checkCounters(handle.db)).differences).toEqual([]);
  }, 120_000);

  // The triggers' days on a known calendar, written out by hand rather than recomputed: around
  // midnight in Los Angeles and Berlin, after the zone changes, after the patient moves.
  it("counts a data day on the calendar of the patient's institution", async () => {
    const { db } = handle;
    const [la, berlin] = ids(
      await db.execute(sql`insert into institutions (name, time_zone) values ('Days LA', 'America/Los_Angeles'), ('Days Berlin', 'Europe/Berlin') returning id`),
    );
    const [patient] = ids(
      await db.execute(sql`
        insert into patients (institution_id, first_name, last_name, email, birthdate, gender, status)
        values (${la as number}, 'Day', 'Counter', 'days-' || gen_random_uuid() || '@counters.test', '1950-01-01', 'female', 'active') returning id`),
    );
    const [level] = ids(
      await db.execute(sql`
        insert into patient_game_levels (patient_id, game_id, difficulty, amount_challenges, amount_trials, min_repetitions_per_day, max_repetitions_per_day)
        values (${patient as number}, ${world.gameId}, 'easy', 5, 2, 1, 3) returning id`),
    );
    const days = async (): Promise<Record<string, number>> =>
      Object.fromEntries(
        rowsOf(await db.execute(sql`select day::text as day, sessions from patient_data_days where patient_id = ${patient as number} order by day`)).map((row) => [
          String(row.day),
          Number(row.sessions),
        ]),
      );
    // 07:30 UTC is 23:30 the day before in Los Angeles (PST); 08:30 UTC is 00:30; 23:30 UTC is 15:30.
    await db.execute(sql`
      insert into game_sessions (patient_game_level_id, patient_id, game_id, difficulty, start_time, reviewed)
      select ${level as number}, ${patient as number}, ${world.gameId}, 'easy', t::timestamptz, false
      from unnest(array['2026-03-01T07:30:00Z', '2026-03-01T08:30:00Z', '2026-03-01T23:30:00Z']) as t`);
    expect(await days()).toEqual({ "2026-02-28": 1, "2026-03-01": 2 });
    // In Berlin (CET) 23:30 UTC is already 2 March.
    await db.execute(sql`update institutions set time_zone = 'Europe/Berlin' where id = ${la as number}`);
    expect(await days()).toEqual({ "2026-03-01": 2, "2026-03-02": 1 });
    await db.execute(sql`update patients set institution_id = ${la as number} where id = ${patient as number}`);
    await db.execute(sql`update institutions set time_zone = 'America/Los_Angeles' where id = ${la as number}`);
    await db.execute(sql`update patients set institution_id = ${berlin as number} where id = ${patient as number}`);
    expect(await days()).toEqual({ "2026-03-01": 2, "2026-03-02": 1 });
    // A session moved across midnight, one deleted (its day's row goes), a review (no day moves).
    await db.execute(sql`update game_sessions set start_time = '2026-03-01T22:59:00Z' where patient_id = ${patient as number} and start_time = '2026-03-01T23:30:00Z'`);
    expect(await days()).toEqual({ "2026-03-01": 3 });
    await db.execute(sql`update game_sessions set reviewed = true where patient_id = ${patient as number}`);
    await db.execute(sql`delete from game_sessions where patient_id = ${patient as number} and start_time < '2026-03-01T08:00:00Z'`);
    expect(await days()).toEqual({ "2026-03-01": 2 });
    await db.execute(sql`delete from game_sessions where patient_id = ${patient as number}`);
    expect(await days()).toEqual({});
  }, 120_000);

  it("refuses a time zone PostgreSQL does not know", async () => {
    const refused = handle.db.execute(sql`insert into institutions (name, time_zone) values ('Days nowhere', 'Mars/Olympus_Mons')`);
    await expect(refused).rejects.toThrow();
    const [institution] = ids(await handle.db.execute(sql`insert into institutions (name, time_zone) values ('Days Kolkata', 'Asia/Kolkata') returning id`));
    await expect(handle.db.execute(sql`update institutions set time_zone = 'Europe/Atlantis' where id = ${institution as number}`)).rejects.toThrow();
  }, 60_000);
});
