import { sql } from "drizzle-orm";
import { GAME_TYPES, type GameType } from "../../../domain/shared/games/game-type.ts";
import type { PasswordHashCost } from "../../auth/password-hash-cost.ts";
import { DEFAULT_DEMO_PASSWORD } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { games, institutionGames } from "../../db/schema/games.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { createPrng } from "../../prng.ts";
import { CASELOAD, seedAccounts } from "./accounts.ts";
import { type SeedProgress, type SeededTable, type TableRate, createMeter } from "./meter.ts";
import { insertPatients, planPatients } from "./patients.ts";
import { historyOf, scheduleAssignment } from "./session-times.ts";
import { SESSIONS_PER_STATEMENT, insertSessions } from "./sessions.ts";
import { reserveIds } from "./unnest-insert.ts";

/** Patients planned and written at a time (one INSERT), before their sessions. */
const PATIENTS_PER_CHUNK = 20_000;

export type LargeSeedOptions = {
  readonly patients: number;
  /** Sessions of every game assignment over the whole history; 0 (the default here) makes none. */
  readonly sessionsPerAssignment?: number;
  /** How many days back the sessions reach (90). */
  readonly days?: number;
  /** Also write each session's challenges and attempts. */
  readonly attempts?: boolean;
  /** The same seed makes the same rows, ids, the institution's name and e-mail tags aside. */
  readonly seed?: number;
  readonly now?: Date;
  /** The password of the administrator and the first SLP (DEMO_PASSWORD). */
  readonly password?: string;
  /** The cost of their hashes (PASSWORD_HASH_COST of the configuration seeding). */
  readonly passwordHashCost: PasswordHashCost;
  /** Sessions per INSERT (SESSIONS_PER_STATEMENT); tests make it small to cross statement edges. */
  readonly sessionsPerStatement?: number;
  readonly onProgress?: (progress: SeedProgress) => void;
};

export type LargeInstitution = {
  readonly institutionId: number;
  /** The institution administrator who signs in with the password (e-mail second factor). */
  readonly adminEmail: string;
  /** The SLP who signs in, with the big caseload (staffIds[0]). */
  readonly slpEmail: string;
  readonly staffIds: readonly number[];
  readonly patients: number;
  readonly assignments: number;
  readonly sessions: number;
  readonly challenges: number;
  readonly attempts: number;
  readonly seconds: number;
  /** Of which the closing VACUUM (ANALYZE). */
  readonly vacuumSeconds: number;
  readonly rates: Readonly<Record<SeededTable, TableRate>>;
};

/**
 * Adds one institution that looks like a year of use (docs/database.md, "A large institution"):
 * `patients` patients, an SLP per 400 of them, 0-2 game assignments each over all eight games,
 * and sessions over the last `days` days, mostly reviewed, with their stored totals, and with
 * `attempts` their challenges and attempts. 20,000 patients at a time: planned (sessions and
 * reviews included, so each patient's "reviewed" flag is inserted right), inserted, then their
 * sessions. Batched plain INSERT … SELECT FROM unnest(arrays), so the counter triggers keep up
 * as they would in use. Needs the reference data (roles, games); ends with VACUUM (ANALYZE).
 */
export const seedLargeInstitution = async (db: Database, options: LargeSeedOptions): Promise<LargeInstitution> => {
  const started = performance.now();
  const prng = createPrng(options.seed ?? 100_000);
  const now = options.now ?? new Date();
  const perAssignment = options.sessionsPerAssignment ?? 0;
  const history = historyOf(now.getTime(), options.days ?? 90);
  const meter = createMeter();
  const tag = `${now.getTime().toString(36)}${prng.int(0, 1e6).toString(36)}`;
  const [institution] = await db
    .insert(institutions)
    .values({ name: `Large Institution ${tag}`, description: `${options.patients} generated patients (npm run seed:large)` })
    .returning({ id: institutions.id });
  if (institution === undefined) throw new Error("no institution row");
  const gameIds = new Map((await db.select({ id: games.id, type: games.type }).from(games)).map((row) => [row.type as GameType, row.id]));
  if (GAME_TYPES.some((type) => !gameIds.has(type))) throw new Error("the games are missing: sync the reference data first");
  await db.insert(institutionGames).values([...gameIds.values()].map((gameId) => ({ institutionId: institution.id, gameId })));

  const accounts = await seedAccounts(db, {
    institutionId: institution.id,
    slpCount: Math.max(1, Math.ceil(options.patients / CASELOAD)),
    tag,
    password: options.password ?? DEFAULT_DEMO_PASSWORD,
    passwordHashCost: options.passwordHashCost,
    prng: prng.fork("accounts"),
    now,
  });
  const patientPrng = prng.fork("patients");
  const schedulePrng = prng.fork("schedule");
  const sessionPrng = prng.fork("sessions");
  const counts = { assignments: 0, sessions: 0, challenges: 0, attempts: 0 };
  let written = 0;
  const report = () => options.onProgress?.({ patients: written, patientsTotal: options.patients, rates: meter.rates() });
  for (let first = 0; first < options.patients; first += PATIENTS_PER_CHUNK) {
    const ids = await reserveIds(db, "patients", Math.min(PATIENTS_PER_CHUNK, options.patients - first));
    const planned = planPatients({ ids, first, tag, accounts, gameIds, now: history.now }, patientPrng);
    const levelIds = await reserveIds(db, "patient_game_levels", planned.assignments.length);
    const assignments = planned.assignments.map((assignment, index) => ({ ...assignment, id: levelIds[index] ?? 0 }));
    const schedules = assignments.map((assignment) => ({ assignment, sessions: scheduleAssignment(assignment, perAssignment, history, schedulePrng) }));
    const waiting = new Set(schedules.filter((schedule) => schedule.sessions.some((session) => !session.reviewed)).map((schedule) => schedule.assignment.patientId));
    await db.transaction((tx) =>
      insertPatients(tx, {
        institutionId: institution.id,
        accounts,
        patients: planned.patients,
        // A patient reads "reviewed" once every session they played has been (as in the demo).
        reviewed: (patient) => (perAssignment === 0 ? patient.drawnReviewed : !waiting.has(patient.id)),
        assignments,
        meter,
      }),
    );
    written += ids.length;
    counts.assignments += assignments.length;
    report();
    const sessions = await insertSessions(db, {
      schedules,
      history,
      attempts: options.attempts ?? false,
      sessionsPerStatement: options.sessionsPerStatement ?? SESSIONS_PER_STATEMENT,
      prng: sessionPrng,
      meter,
      afterStatement: report,
    });
    counts.sessions += sessions.sessions;
    counts.challenges += sessions.challenges;
    counts.attempts += sessions.attempts;
  }
  // VACUUM sets the visibility map (index-only scans skip the heap) and frees the row versions the
  // counter triggers left behind; ANALYZE gives the planner the new sizes. The whole database, as
  // autovacuum would in use, not a list of tables: a list went stale when the dashboard's counters
  // moved to patient_activity, which the benches then read with three dead row versions for every
  // four live ones and no statistics (where autovacuum is off, as on CI's PostgreSQL).
  const vacuumStarted = performance.now();
  await db.execute(sql`vacuum (analyze)`);
  return {
    institutionId: institution.id,
    adminEmail: accounts.adminEmail,
    slpEmail: accounts.slpEmail,
    staffIds: accounts.staffIds,
    patients: options.patients,
    ...counts,
    seconds: (performance.now() - started) / 1000,
    vacuumSeconds: (performance.now() - vacuumStarted) / 1000,
    rates: meter.rates(),
  };
};
