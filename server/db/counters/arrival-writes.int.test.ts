import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../database.ts";
import { rowsOf } from "../rows-of.ts";
import { createTestDatabase } from "../test-database.ts";
import { syncReferenceData } from "../../seed/reference-data.ts";

// What one arriving session writes (issue 36, "Arrivals as HOT updates"), measured by
// PostgreSQL's own statistics: sessions arriving one statement each, as the mobile upload sends
// them, and the patients table's updates counted with pg_stat_get_xact_tuples_updated and
// _hot_updated (pg_stat_user_tables' n_tup_upd and n_tup_hot_upd, for this transaction alone).
const ARRIVALS = 40;

describe.skipIf(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === "")("sessions arriving on postgres", () => {
  let handle: DatabaseHandle;
  let level = 0;
  let patient = 0;
  let gameId = 0;

  beforeAll(async () => {
    handle = await createTestDatabase("postgres");
    await syncReferenceData(handle.db);
    const { db } = handle;
    const [institution] = rowsOf(await db.execute(sql`insert into institutions (name, time_zone) values ('Arrivals', 'UTC') returning id`));
    const [game] = rowsOf(await db.execute(sql`select id from games order by id limit 1`));
    gameId = Number(game?.id);
    const [row] = rowsOf(
      await db.execute(sql`
        insert into patients (institution_id, first_name, last_name, email, birthdate, gender, status)
        values (${Number(institution?.id)}, 'Ari', 'Val', 'arrivals@counters.test', '1950-01-01', 'female', 'active') returning id`),
    );
    patient = Number(row?.id);
    const [levelRow] = rowsOf(
      await db.execute(sql`
        insert into patient_game_levels (patient_id, game_id, difficulty, amount_challenges, amount_trials, min_repetitions_per_day, max_repetitions_per_day)
        values (${patient}, ${gameId}, 'easy', 5, 2, 1, 3) returning id`),
    );
    level = Number(levelRow?.id);
  }, 120_000);
  afterAll(() => handle?.close());

  it("updates the patient row not at all, or HOT, for each arriving session", async () => {
    let elapsed = 0;
    const counted = await handle.db.transaction(async (tx) => {
      const started = performance.now();
      for (let index = 0; index < ARRIVALS; index += 1) {
        await tx.execute(sql`
          insert into game_sessions (patient_game_level_id, patient_id, game_id, difficulty, start_time, reviewed, duration_seconds)
          values (${level}, ${patient}, ${gameId}, 'easy', now() - make_interval(mins => ${ARRIVALS - index}), false, 60)`);
      }
      elapsed = performance.now() - started;
      return rowsOf(
        await tx.execute(sql`
          select relname as table, pg_stat_get_xact_tuples_updated(c.oid)::int as updated, pg_stat_get_xact_tuples_hot_updated(c.oid)::int as hot
          from pg_class c where relname in ('patients', 'patient_activity') order by relname`),
      );
    });
    // Printed for the note: before migration 0039 every arrival updated the patient, none HOT.
    console.info(`arrivals ${ARRIVALS}, ${(elapsed / ARRIVALS).toFixed(2)} ms each: ${JSON.stringify(counted)}`);
    const patients = counted.find((row) => row.table === "patients");
    expect(Number(patients?.updated) - Number(patients?.hot)).toBe(0);
  }, 120_000);
});
