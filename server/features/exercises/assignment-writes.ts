import { sql } from "drizzle-orm";
import type { GameFormsWire } from "../../../domain/exercises/index.ts";
import type { Database } from "../../db/database.ts";

/** What one assignment writes: every form for every patient, copied from a template or not. */
export type AssignmentWrite = {
  readonly patientIds: readonly number[];
  readonly entries: readonly GameFormsWire[];
  readonly templateId: number | null;
  readonly assignedByUserId: number;
};

const rowsOf = (result: unknown): unknown[] =>
  typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows) ? result.rows : [];

const countOf = (row: unknown, key: string): number =>
  typeof row === "object" && row !== null && key in row ? Number((row as Record<string, unknown>)[key]) : 0;

/**
 * Levels per statement. The embedded database runs one statement at a time in its own process and
 * answers the readiness ping only between statements, so a maximal call is a few short statements
 * rather than one long one (measured: 2,000 levels in one statement held the ping ~130 ms).
 */
const LEVELS_PER_STATEMENT = 400;

/**
 * Writes every level of an assignment, a batch of patients per statement, and answers how many
 * were created and how many re-prescribed. The patients and the forms travel as a few array
 * parameters and the database crosses them (unnest), so a 2,000-level call costs the server a few
 * small queries to build and one row each to read, instead of thousands of parameters and a row
 * back per level. A live level of the
 * same game and difficulty is updated in place (`assigned_at` kept); `xmax = 0` is how PostgreSQL
 * tells an inserted row from an updated one in RETURNING.
 */
export const writeAssignment = async (tx: Database, write: AssignmentWrite): Promise<{ readonly created: number; readonly updated: number }> => {
  const forms = write.entries.flatMap((entry) => entry.forms.map((form) => ({ game: entry.game, ...form })));
  const perStatement = Math.max(1, Math.floor(LEVELS_PER_STATEMENT / Math.max(1, forms.length)));
  let created = 0;
  let updated = 0;
  for (let from = 0; from < write.patientIds.length; from += perStatement) {
    const batch = await writeBatch(tx, write, forms, write.patientIds.slice(from, from + perStatement));
    created += batch.created;
    updated += batch.updated;
  }
  return { created, updated };
};

type FormRow = GameFormsWire["forms"][number] & { readonly game: number };

/** One statement: the patients of one batch crossed with every form. */
const writeBatch = async (tx: Database, write: AssignmentWrite, forms: readonly FormRow[], patientIds: readonly number[]): Promise<{ readonly created: number; readonly updated: number }> => {
  const column = <K extends keyof FormRow>(key: K) => sql.param(forms.map((form) => form[key]));
  const result = await tx.execute(sql`
    with written as (
      insert into patient_game_levels (patient_id, game_id, difficulty, amount_challenges, amount_trials, min_repetitions_per_day,
        max_repetitions_per_day, unlimited, exercise_template_id, assigned_by_user_id)
      select p.id, f.game_id, f.difficulty, f.amount_challenges, f.amount_trials, f.min_repetitions_per_day, f.max_repetitions_per_day,
        f.unlimited, ${write.templateId}::int, ${write.assignedByUserId}::int
      from unnest(${sql.param([...patientIds])}::int[]) with ordinality as p(id, position)
      cross join unnest(${column("game")}::int[], ${column("difficulty")}::text[], ${column("amount_challenges")}::int[], ${column("amount_trials")}::int[],
        ${column("min_repetitions_per_day")}::int[], ${column("max_repetitions_per_day")}::int[], ${column("unlimited")}::boolean[])
        with ordinality as f(game_id, difficulty, amount_challenges, amount_trials, min_repetitions_per_day, max_repetitions_per_day, unlimited, position)
      order by p.position, f.position
      on conflict (patient_id, game_id, difficulty) where is_active do update set
        amount_challenges = excluded.amount_challenges,
        amount_trials = excluded.amount_trials,
        min_repetitions_per_day = excluded.min_repetitions_per_day,
        max_repetitions_per_day = excluded.max_repetitions_per_day,
        unlimited = excluded.unlimited,
        exercise_template_id = excluded.exercise_template_id,
        assigned_by_user_id = excluded.assigned_by_user_id
      returning (xmax = 0) as created
    )
    select count(*) filter (where created)::int as created, count(*) filter (where not created)::int as updated from written`);
  const [row] = rowsOf(result);
  return { created: countOf(row, "created"), updated: countOf(row, "updated") };
};
