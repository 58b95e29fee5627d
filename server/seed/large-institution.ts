import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import type { BirthGender } from "../../domain/patients/patients-wire.ts";
import type { Difficulty } from "../../domain/shared/games/difficulty.ts";
import type { PatientStatus } from "../../domain/shared/statuses/patient-status.ts";
import { loadConfig } from "../config.ts";
import { connectDatabase } from "../db/connect.ts";
import type { Database } from "../db/database.ts";
import { games } from "../db/schema/games.ts";
import { institutions } from "../db/schema/institutions.ts";
import { roles } from "../db/schema/roles.ts";
import { staff, users } from "../db/schema/users.ts";
import { createPrng } from "../prng.ts";
import { FAMILY_NAMES, GIVEN_NAMES } from "./demo-names.ts";
import { parseLargeArguments } from "./large/arguments.ts";
import { syncReferenceData } from "./reference-data.ts";

/** Patients per SLP in the large institution: a full caseload. */
const CASELOAD = 400;
const DIFFICULTIES: readonly Difficulty[] = ["easy", "medium", "hard"];
/** Rows per transaction: large enough that commits do not dominate, small enough to show progress. */
const ROWS_PER_TRANSACTION = 20_000;

export type LargeInstitution = {
  readonly institutionId: number;
  readonly staffIds: readonly number[];
  readonly patients: number;
  readonly assignments: number;
  readonly seconds: number;
};

const pickStatus = (draw: number): PatientStatus => (draw < 0.76 ? "active" : draw < 0.9 ? "pending" : "inactive");

/**
 * Adds one institution with `count` patients (and an SLP per 400 of them, and 0-2 live game
 * assignments each) for measuring the patients list at scale (docs/patients-api.md). One
 * INSERT of 20,000 rows from arrays (unnest) per transaction; names, statuses and dates come from
 * a seeded PRNG, so two runs with the same seed hold the same rows (ids and the institution's name aside).
 * Needs the reference data (roles, games); ends with VACUUM ANALYZE so the planner knows the new sizes.
 */
export const seedLargeInstitution = async (
  db: Database,
  options: { readonly patients: number; readonly seed?: number; readonly now?: Date; readonly onProgress?: (done: number) => void },
): Promise<LargeInstitution> => {
  const started = performance.now();
  const prng = createPrng(options.seed ?? 100_000);
  const now = options.now ?? new Date();
  const tag = `${now.getTime().toString(36)}${prng.int(0, 1e6).toString(36)}`;
  const [institution] = await db
    .insert(institutions)
    .values({ name: `Large Institution ${tag}`, description: `${options.patients} generated patients (npm run seed:large)` })
    .returning({ id: institutions.id });
  if (institution === undefined) throw new Error("no institution row");
  const [staffRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, "staff"));
  if (staffRole === undefined) throw new Error("the staff role is missing: sync the reference data first");
  const gameIds = (await db.select({ id: games.id }).from(games).orderBy(games.id)).map((row) => row.id);

  const slpCount = Math.max(1, Math.ceil(options.patients / CASELOAD));
  const slpUsers = await db
    .insert(users)
    .values(
      Array.from({ length: slpCount }, (_, index) => ({
        email: `slp.${index + 1}.${tag}@large.test`,
        firstName: prng.pick(GIVEN_NAMES)[0],
        lastName: prng.pick(FAMILY_NAMES),
        roleId: staffRole.id,
        institutionId: institution.id,
        changePassword: true,
      })),
    )
    .returning({ id: users.id });
  const staffIds = (
    await db
      .insert(staff)
      .values(slpUsers.map((user) => ({ userId: user.id, institutionId: institution.id, status: "active" as const })))
      .returning({ id: staff.id })
  ).map((row) => row.id);

  const threeYears = 3 * 365 * 86_400_000;
  let assignments = 0;
  for (let from = 0; from < options.patients; from += ROWS_PER_TRANSACTION) {
    const size = Math.min(ROWS_PER_TRANSACTION, options.patients - from);
    const rows = Array.from({ length: size }, (_, offset) => {
      const index = from + offset;
      const [firstName, gender] = prng.pick(GIVEN_NAMES) as readonly [string, BirthGender];
      const lastName = prng.pick(FAMILY_NAMES);
      const year = 2004 - Math.floor(66 * Math.sqrt(prng.next()));
      return {
        institutionId: institution.id,
        firstName,
        lastName,
        email: `${firstName}.${lastName.replace(/[^A-Za-z]/g, "")}.${index + 1}.${tag}@large.test`.toLowerCase(),
        birthdate: `${year}-${String(prng.int(1, 12)).padStart(2, "0")}-${String(prng.int(1, 28)).padStart(2, "0")}`,
        gender,
        status: pickStatus(prng.next()),
        reviewed: prng.chance(0.6),
        assignedStaffId: prng.chance(0.95) ? (staffIds[index % staffIds.length] ?? null) : null,
        createdAt: new Date(now.getTime() - Math.floor(prng.next() * threeYears)),
        updatedAt: now,
      };
    });
    await db.transaction(async (tx) => {
      // One INSERT … SELECT FROM unnest(arrays) per batch: thirteen array parameters instead of
      // 260,000 scalar ones, which is what makes 100,000 rows a matter of seconds.
      const column = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(rows.map((row) => row[key]));
      const inserted = await tx.execute(sql`
        insert into patients (institution_id, first_name, last_name, email, birthdate, gender, status, reviewed, assigned_staff_id, created_at, updated_at)
        select * from unnest(
          ${column("institutionId")}::int[], ${column("firstName")}::text[], ${column("lastName")}::text[], ${column("email")}::text[],
          ${column("birthdate")}::date[], ${column("gender")}::text[], ${column("status")}::text[], ${column("reviewed")}::boolean[],
          ${column("assignedStaffId")}::int[], ${sql.param(rows.map((row) => row.createdAt.toISOString()))}::timestamptz[],
          ${sql.param(rows.map((row) => row.updatedAt.toISOString()))}::timestamptz[])
        returning id`);
      const ids = (inserted as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id));
      const levels = ids.flatMap((patientId) =>
        prng.pick([0, 1, 1, 2]) === 0 || gameIds.length === 0
          ? []
          : [...new Set(Array.from({ length: prng.int(1, 2) }, () => `${prng.pick(gameIds)}:${prng.pick(DIFFICULTIES)}`))].map((key) => {
              const [gameId, difficulty] = key.split(":") as [string, Difficulty];
              return { patientId, gameId: Number(gameId), difficulty };
            }),
      );
      if (levels.length > 0) {
        await tx.execute(sql`
          insert into patient_game_levels (patient_id, game_id, difficulty, amount_challenges, amount_trials, min_repetitions_per_day, max_repetitions_per_day, assigned_at)
          select level.patient_id, level.game_id, level.difficulty, 5, 2, 1, 3, ${now.toISOString()}::timestamptz
          from unnest(${sql.param(levels.map((level) => level.patientId))}::int[], ${sql.param(levels.map((level) => level.gameId))}::int[], ${sql.param(levels.map((level) => level.difficulty))}::text[])
            as level(patient_id, game_id, difficulty)`);
      }
      assignments += levels.length;
    });
    options.onProgress?.(from + size);
  }
  // VACUUM sets the visibility map (index-only scans skip the heap), ANALYZE the planner's sizes;
  // autovacuum would get there too, a while later.
  await db.execute(sql`vacuum (analyze) patients`);
  await db.execute(sql`vacuum (analyze) patient_game_levels`);
  return { institutionId: institution.id, staffIds, patients: options.patients, assignments, seconds: (performance.now() - started) / 1000 };
};

/**
 * `npm run seed:large -- --patients 100000`: the database `npm start` uses (DATA_DIR's PGlite,
 * or DATABASE_URL), migrated and with reference data, gets one more large institution.
 */
const main = async (): Promise<void> => {
  const parsed = parseLargeArguments(process.argv.slice(2));
  if (parsed.kind === "help") {
    process.stdout.write(parsed.text);
    return;
  }
  if (parsed.kind === "error") {
    process.stderr.write(`seed:large: ${parsed.message}\n`);
    process.exitCode = 1;
    return;
  }
  const count = parsed.options.patients;
  const loaded = loadConfig(process.env);
  if (!loaded.ok) throw new Error(`fix the configuration: ${loaded.problems.join("; ")}`);
  const database = await connectDatabase(loaded.config);
  try {
    await database.migrate();
    await syncReferenceData(database.db);
    process.stdout.write(`seeding ${count} patients into ${database.driver === "pglite" ? loaded.config.dataDir : "DATABASE_URL"}…\n`);
    const seeded = await seedLargeInstitution(database.db, {
      patients: count,
      seed: parsed.options.seed,
      onProgress: (done) => process.stdout.write(`  ${done} patients\n`),
    });
    const rows = seeded.patients + seeded.assignments + seeded.staffIds.length * 2 + 1;
    process.stdout.write(
      `institution ${seeded.institutionId}: ${seeded.patients} patients, ${seeded.staffIds.length} SLPs, ${seeded.assignments} game assignments in ${seeded.seconds.toFixed(1)} s (${Math.round(rows / seeded.seconds)} rows/s, ${Math.round(seeded.patients / seeded.seconds)} patients/s)\n`,
    );
  } finally {
    await database.close();
  }
};

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    process.stderr.write(`seed:large failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
