import { fc } from "@fast-check/vitest";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../database.ts";
import { rowsOf } from "../rows-of.ts";
import { TEST_DRIVERS, createTestDatabase } from "../test-database.ts";
import { syncReferenceData } from "../../seed/reference-data.ts";
import { checkCounters, repairCounters } from "./check-counters.ts";

// The counters kept on write (migration 0012) against random histories of the writes that move
// them: sessions arriving (one or many per statement), reviews and un-reviews, a session moved in
// time, to another level of its patient or deleted, patients changing status, SLP, archive state or institution. After every history
// the integrity check (npm run db:check-counters) must find nothing, on each database.

const BASE = Date.parse("2026-03-01T12:00:00Z");

type World = { readonly institutions: readonly number[]; readonly staff: readonly number[]; readonly gameId: number; readonly roleId: number };

const ids = (result: unknown): number[] => rowsOf(result).map((row) => Number(row.id));

const command = fc.oneof(
  fc.record({ kind: fc.constant("add_patients" as const), count: fc.integer({ min: 1, max: 4 }), institution: fc.nat(1), staff: fc.nat(2), status: fc.constantFrom("active", "pending", "inactive") }),
  fc.record({
    kind: fc.constant("add_sessions" as const),
    sessions: fc.array(fc.record({ patient: fc.nat(), minutes: fc.integer({ min: -20 * 24 * 60, max: 60 }), reviewed: fc.boolean(), seconds: fc.float({ min: 0, max: 900, noNaN: true }) }), { minLength: 1, maxLength: 6 }),
  }),
  fc.record({ kind: fc.constant("review" as const), pick: fc.nat(), count: fc.integer({ min: 1, max: 5 }), reviewed: fc.boolean() }),
  fc.record({ kind: fc.constant("move_session" as const), pick: fc.nat(), minutes: fc.integer({ min: -10 * 24 * 60, max: 10 * 24 * 60 }) }),
  fc.record({ kind: fc.constant("delete_session" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("move_level" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("patient_status" as const), pick: fc.nat(), status: fc.constantFrom("active", "pending", "inactive") }),
  fc.record({ kind: fc.constant("archive" as const), pick: fc.nat(), archived: fc.boolean() }),
  fc.record({ kind: fc.constant("reassign" as const), pick: fc.nat(), staff: fc.nat(2) }),
  fc.record({ kind: fc.constant("move_institution" as const), pick: fc.nat(), institution: fc.nat(1) }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const pickIds = async (handle: DatabaseHandle, table: "patients" | "game_sessions", pick: number, count = 1): Promise<number[]> => {
  const all = ids(await handle.db.execute(sql`select id from ${sql.raw(table)} order by id`));
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
      const picked = await pickIds(handle, "patients", step.pick);
      await db.execute(sql`update patients set institution_id = ${world.institutions[step.institution] as number}, assigned_staff_id = null where id = any(${sql.param(picked)}::int[])`);
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
    const institutions = ids(await db.execute(sql`insert into institutions (name) values ('Counters A'), ('Counters B') returning id`));
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
      { numRuns: 25 },
    );
  }, 600_000);

  it("reports a counter that was changed behind the triggers' back, and the repair puts it right", async () => {
    await apply(handle, world, { kind: "add_patients", count: 2, institution: 0, staff: 0, status: "active" });
    await apply(handle, world, { kind: "add_sessions", sessions: [{ patient: 0, minutes: -30, reviewed: false, seconds: 120 }] });
    await handle.db.execute(sql`update patients set pending_sessions = pending_sessions + 3 where id = (select min(patient_id) from game_sessions)`);
    await handle.db.execute(sql`update session_buckets set sessions = sessions + 1 where institution_id = ${world.institutions[0] as number}`);
    await handle.db.execute(sql`delete from patient_counts where staff_key = -1`);
    await handle.db.execute(sql`update patient_last_session_days set patients = patients + 2 where institution_id = ${world.institutions[0] as number}`);
    await handle.db.execute(sql`update patient_game_levels set pending_sessions = pending_sessions + 1 where id = (select min(patient_game_level_id) from game_sessions)`);
    const broken = await checkCounters(handle.db);
    expect(broken.counted.patient_sessions).toBe(1);
    expect(broken.counted.level_sessions).toBe(1);
    expect(broken.counted.session_buckets).toBeGreaterThan(0);
    expect(broken.counted.patient_counts).toBeGreaterThan(0);
    expect(broken.counted.patient_last_session_days).toBeGreaterThan(0);
    expect(broken.differences.find((d) => d.counter === "patient_sessions")?.stored).toMatch(/^pending \d+/);
    await repairCounters(handle.db);
    expect((await checkCounters(handle.db)).differences).toEqual([]);
  }, 120_000);
});
