import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import * as Schema from "effect/Schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapSessionDetail } from "../../domain/session-review/attempt-mapping/map-session-detail.ts";
import { checkFormBounds, numbersOfForm } from "../../domain/exercises/form-limits.ts";
import { GAME_TYPES } from "../../domain/shared/games/game-type.ts";
import { exerciseContent } from "../content/exercise-content.ts";
import { validatePhone } from "../../domain/shared/validators/phone.ts";
import { validatePostalCode } from "../../domain/shared/validators/postal-code.ts";
import { SessionDetailWire } from "../../domain/session-review/session-detail-wire.ts";
import { verifyPassword } from "../auth/password-hash.ts";
import { DEFAULT_DEMO_PASSWORD } from "../config.ts";
import type { Database, DatabaseHandle } from "../db/database.ts";
import { patientGameLevels } from "../db/schema/assignments.ts";
import { mfaEnrolments, passwordHashes } from "../db/schema/credentials.ts";
import { exerciseTemplateForms, exerciseTemplates, gameContentFiles, games, institutionGames } from "../db/schema/games.ts";
import { institutionAllowedDomains, institutions } from "../db/schema/institutions.ts";
import { attemptNotes, noteTypes } from "../db/schema/notes.ts";
import { patients } from "../db/schema/patients.ts";
import { places } from "../db/schema/places.ts";
import { rolePermissions, roles } from "../db/schema/roles.ts";
import { gameAttempts, gameChallenges, gameSessions } from "../db/schema/sessions.ts";
import { administrators, staff, users } from "../db/schema/users.ts";
import { TEST_DRIVERS, createTestDatabase } from "../db/test-database.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { DEMO_TEMPLATES } from "./demo-organisations.ts";
import { EDITABLE_DAYS } from "./demo-sessions.ts";
import { syncReferenceData } from "./reference-data.ts";
import { DEMO_BASE_DATE, DEMO_TEMPLATE } from "./demo-template.test-helper.ts";
import { seedDemoData } from "./seed-demo-data.ts";

const BASE_DATE = DEMO_BASE_DATE;
const SEED_TIMEOUT = 120_000;

/** Seeds an empty database here and now (the determinism test compares it with the run's shared demo). */
const seeded = async (driver: (typeof TEST_DRIVERS)[number]): Promise<DatabaseHandle> => {
  const database = await createTestDatabase(driver);
  await syncReferenceData(database.db);
  await seedDemoData(database.db, { baseDate: BASE_DATE, password: DEFAULT_DEMO_PASSWORD, passwordHashCost: "test" });
  return database;
};

const TABLES = {
  institutions,
  institutionAllowedDomains,
  roles,
  rolePermissions,
  users,
  administrators,
  staff,
  patients,
  places,
  games,
  gameContentFiles,
  exerciseTemplates,
  exerciseTemplateForms,
  institutionGames,
  patientGameLevels,
  gameSessions,
  gameChallenges,
  gameAttempts,
  noteTypes,
  attemptNotes,
  passwordHashes,
  mfaEnrolments,
};

const tableCounts = async (db: Database): Promise<Record<string, number>> => {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) counts[name] = await db.$count(table);
  return counts;
};

/** Everything the demo is made of except password salts, reduced to comparable values. */
const fingerprint = async (db: Database) => {
  const people = await db.select({ first: patients.firstName, last: patients.lastName, email: patients.email, zip: patients.zipCode, birthdate: patients.birthdate }).from(patients).orderBy(asc(patients.id));
  const perGame = await db
    .select({ type: games.type, sessions: sql<number>`count(*)::int` })
    .from(gameSessions)
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .groupBy(games.type)
    .orderBy(games.type);
  const attempts = await db
    .select({ data: gameAttempts.attemptData, score: gameAttempts.score, created: gameAttempts.createdAt, transcription: gameAttempts.transcription })
    .from(gameAttempts)
    .orderBy(asc(gameAttempts.id));
  return { people, perGame, attemptsHash: createHash("sha256").update(JSON.stringify(attempts)).digest("hex") };
};

/** The session detail as docs/attempt-mapping.md defines it, assembled from the seeded rows. */
const sessionDetailJson = async (db: Database, sessionId: number): Promise<unknown> => {
  const [session] = await db
    .select({ session: gameSessions, game: { id: games.id, name: games.name, type: games.type } })
    .from(gameSessions)
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .where(eq(gameSessions.id, sessionId));
  if (session === undefined) throw new Error("no session");
  const challenges = await db.select().from(gameChallenges).where(eq(gameChallenges.sessionId, sessionId)).orderBy(asc(gameChallenges.position));
  const attempts = await db.select().from(gameAttempts).where(eq(gameAttempts.sessionId, sessionId)).orderBy(asc(gameAttempts.attemptNumber));
  const editor = alias(users, "editor");
  const notes = await db
    .select({ note: attemptNotes, type: noteTypes, author: users, editor: { id: editor.id, first_name: editor.firstName, last_name: editor.lastName, email: editor.email } })
    .from(attemptNotes)
    .innerJoin(gameAttempts, eq(gameAttempts.id, attemptNotes.attemptId))
    .innerJoin(noteTypes, eq(noteTypes.id, attemptNotes.noteTypeId))
    .innerJoin(users, eq(users.id, attemptNotes.createdByUserId))
    .leftJoin(editor, eq(editor.id, attemptNotes.lastEditedByUserId))
    .where(eq(gameAttempts.sessionId, sessionId));
  const s = session.session;
  const metrics = s.metrics as { words_count?: number };
  return {
    id: s.id,
    game_info: session.game,
    start_time: s.startTime.toISOString(),
    difficulty: s.difficulty,
    is_active: s.isActive,
    total_score: s.totalScore,
    total_score_percentage_change: null,
    accuracy_percentage: s.accuracyPercentage,
    accuracy_percentage_change: null,
    total_session_duration: s.durationSeconds,
    total_session_duration_percentage_change: null,
    avg_duration_per_content: session.game.type === "verbal_fluency" ? (metrics.words_count ? s.durationSeconds / metrics.words_count : null) : s.durationSeconds / Math.max(1, challenges.length),
    avg_duration_per_content_percentage_change: null,
    game_metrics: s.metrics,
    challenges_in_session: challenges.map((c) => ({
      id: c.id,
      order: c.position,
      content: c.content,
      attempts: attempts
        .filter((a) => a.challengeId === c.id)
        .map((a) => ({
          id: a.id,
          attempt_number: a.attemptNumber,
          is_editable: a.isEditable,
          score: a.score,
          score_details: { is_correct: a.isCorrect, transcription: a.transcription, ai_feedback: a.aiFeedback },
          hints_used: a.hintsUsed,
          time_seconds: a.timeSeconds,
          response_audio_url: a.responseAudioUrl,
          attempt_data: a.attemptData,
          notes: notes
            .filter((n) => n.note.attemptId === a.id)
            .map((n) => ({
              id: n.note.id,
              game_attempt: a.id,
              type: { id: n.type.id, name: n.type.name, color: n.type.color, sort_order: n.type.sortOrder },
              note: n.note.content,
              created_by: { id: n.author.id, first_name: n.author.firstName, last_name: n.author.lastName, email: n.author.email },
              created_at: n.note.createdAt.toISOString(),
              last_edited_by: n.editor?.id ? n.editor : null,
              updated_at: n.note.updatedAt.toISOString(),
              version: n.note.version,
            })),
          created_at: a.createdAt.toISOString(),
          version: a.version,
        })),
    })),
  };
};

describe.each(TEST_DRIVERS)("the demo seed (%s)", (driver) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    // The run's shared demo (DEMO_TEMPLATE seeds it once, the same way `seeded` does).
    database = await createTestDatabase(driver, DEMO_TEMPLATE);
  }, SEED_TIMEOUT);
  afterAll(() => database.close());

  it("creates the documented accounts, each signing in with DEMO_PASSWORD (argon2id at the seeding server's cost)", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [row] = await database.db
        .select({ role: roles.code, hash: passwordHashes.hash, changePassword: users.changePassword })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .innerJoin(passwordHashes, eq(passwordHashes.userId, users.id))
        .where(eq(users.email, account.email));
      expect(row?.role, account.email).toBe(account.role);
      // Seeded at the test cost (PASSWORD_HASH_COSTS.test); server/auth/password-hash.test.ts holds the production one.
      expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
      expect(await verifyPassword(row?.hash ?? "", DEFAULT_DEMO_PASSWORD)).toBe(true);
      expect(row?.changePassword).toBe(account.changePassword);
    }
  });

  it("has two institutions, about ten SLPs and about 150 patients", async () => {
    const counts = await tableCounts(database.db);
    expect(counts.institutions).toBe(2);
    expect(counts.staff).toBeGreaterThanOrEqual(10);
    expect(counts.staff).toBeLessThanOrEqual(12);
    expect(counts.patients).toBe(150);
    expect(counts.gameSessions).toBeGreaterThan(3000);
    expect(counts.attemptNotes).toBeGreaterThan(100);
  });

  it("has the demo templates, and every template form and live assignment within its content file's limits", async () => {
    const templates = await database.db.select({ name: exerciseTemplates.name, institutionId: exerciseTemplates.institutionId }).from(exerciseTemplates);
    expect(templates.map((row) => row.name).sort()).toEqual(DEMO_TEMPLATES.map((plan) => plan.name).sort());
    expect(templates.filter((row) => row.institutionId === null).map((row) => row.name)).toEqual(["Conversation warm-up"]);
    const forms = [
      ...(await database.db.select({ form: exerciseTemplateForms, type: games.type }).from(exerciseTemplateForms).innerJoin(games, eq(games.id, exerciseTemplateForms.gameId))),
      ...(await database.db
        .select({ form: patientGameLevels, type: games.type })
        .from(patientGameLevels)
        .innerJoin(games, eq(games.id, patientGameLevels.gameId))
        .where(eq(patientGameLevels.isActive, true))),
    ];
    expect(forms.length).toBeGreaterThan(100);
    for (const { form, type } of forms) {
      const limits = exerciseContent(type, form.difficulty)?.configuration;
      expect(limits, `${type} ${form.difficulty}`).toBeDefined();
      if (limits === undefined) continue;
      const wire = {
        difficulty: form.difficulty,
        amount_challenges: form.amountChallenges,
        amount_trials: form.amountTrials,
        min_repetitions_per_day: form.minRepetitionsPerDay,
        max_repetitions_per_day: form.maxRepetitionsPerDay,
        unlimited: form.unlimited,
      };
      expect(checkFormBounds(numbersOfForm(wire), limits).outside, `${type} ${form.difficulty} ${JSON.stringify(wire)}`).toEqual([]);
    }
  });

  it("gives slp@demo.test a caseload with sessions waiting for review", async () => {
    const [row] = await database.db
      .select({ patients: sql<number>`count(distinct ${patients.id})::int`, unreviewed: sql<number>`count(*) filter (where not ${gameSessions.reviewed})::int` })
      .from(patients)
      .innerJoin(staff, eq(staff.id, patients.assignedStaffId))
      .innerJoin(users, eq(users.id, staff.userId))
      .innerJoin(gameSessions, eq(gameSessions.patientId, patients.id))
      .where(eq(users.email, "slp@demo.test"));
    expect(row?.patients).toBeGreaterThan(10);
    expect(row?.unreviewed).toBeGreaterThan(0);
  });

  it("locks the attempts of sessions older than 60 days, so both editable and locked attempts exist", async () => {
    // The seed counts days from midnight UTC of the base date.
    const rows = await database.db
      .select({ editable: gameAttempts.isEditable, old: sql<boolean>`${gameSessions.startTime} < ${new Date(Date.parse("2026-03-01T00:00:00Z") - EDITABLE_DAYS * 86_400_000).toISOString()}`, attempts: sql<number>`count(*)::int` })
      .from(gameAttempts)
      .innerJoin(gameSessions, eq(gameSessions.id, gameAttempts.sessionId))
      .groupBy(gameAttempts.isEditable, sql`2`);
    const count = (editable: boolean, old: boolean) => rows.find((row) => row.editable === editable && row.old === old)?.attempts ?? 0;
    expect(count(true, false)).toBeGreaterThan(1000);
    expect(count(false, true)).toBeGreaterThan(1000);
    expect(count(true, true)).toBe(0);
    expect(count(false, false)).toBe(0);
  });

  it("gives slp@demo.test's patients sessions of all eight games, with editable and locked attempts", async () => {
    const rows = await database.db
      .selectDistinct({ type: games.type, editable: gameAttempts.isEditable })
      .from(gameSessions)
      .innerJoin(games, eq(games.id, gameSessions.gameId))
      .innerJoin(gameAttempts, eq(gameAttempts.sessionId, gameSessions.id))
      .innerJoin(patients, eq(patients.id, gameSessions.patientId))
      .innerJoin(staff, eq(staff.id, patients.assignedStaffId))
      .innerJoin(users, eq(users.id, staff.userId))
      .where(eq(users.email, "slp@demo.test"));
    expect([...new Set(rows.map((row) => row.type))].sort()).toEqual([...GAME_TYPES].sort());
    expect(new Set(rows.map((row) => row.editable))).toEqual(new Set([true, false]));
  });

  it("spreads sessions over the 90 days before the base date, across all eight games", async () => {
    const [range] = await database.db.select({ first: sql<string>`min(${gameSessions.startTime})::text`, last: sql<string>`max(${gameSessions.startTime})::text` }).from(gameSessions);
    expect(new Date(range?.first ?? "").getTime()).toBeGreaterThanOrEqual(Date.parse("2025-12-01T00:00:00Z"));
    expect(new Date(range?.last ?? "").getTime()).toBeLessThan(Date.parse("2026-03-01T00:00:00Z"));
    const types = await database.db.selectDistinct({ type: games.type }).from(gameSessions).innerJoin(games, eq(games.id, gameSessions.gameId));
    expect(types.map((t) => t.type).sort()).toEqual([...GAME_TYPES].sort());
  });

  it("gives every address a postal code valid for its country, and every phone a valid number", async () => {
    const rows = await database.db
      .select({ zip: patients.zipCode, phone: patients.phone, country: places.name, code2: places.code2 })
      .from(patients)
      .innerJoin(places, eq(places.id, patients.countryId));
    expect(rows).toHaveLength(150);
    expect(new Set(rows.map((r) => r.code2)).size).toBeGreaterThan(2);
    for (const row of rows) {
      expect(validatePostalCode(row.zip, { name: row.country, code2: row.code2 ?? "" }).ok, `${row.zip} ${row.code2}`).toBe(true);
      expect(validatePhone(row.phone, { required: false }).ok, row.phone ?? "").toBe(true);
    }
  });

  it("stores attempts in exactly the session-detail shape of docs/attempt-mapping.md, for every game", async () => {
    for (const type of GAME_TYPES) {
      const sample = await database.db
        .select({ id: gameSessions.id })
        .from(gameSessions)
        .innerJoin(games, eq(games.id, gameSessions.gameId))
        .where(eq(games.type, type))
        .orderBy(asc(gameSessions.id))
        .limit(4);
      for (const { id } of sample) {
        const detail = Schema.decodeUnknownSync(SessionDetailWire, { onExcessProperty: "error" })(await sessionDetailJson(database.db, id));
        const view = mapSessionDetail(detail);
        expect(view.ok, `${type} session ${id}: ${view.ok ? "" : view.message}`).toBe(true);
      }
    }
  });

  it("is idempotent: a second start adds nothing", async () => {
    const before = await tableCounts(database.db);
    await syncReferenceData(database.db);
    expect(await seedDemoData(database.db, { baseDate: new Date("2026-06-01T00:00:00Z"), password: DEFAULT_DEMO_PASSWORD, passwordHashCost: "test" })).toEqual({ seeded: false });
    expect(await tableCounts(database.db)).toEqual(before);
  });

  // Determinism is the generator's, not the driver's: a second whole seed (about 20 s on PGlite)
  // runs on one driver only, PostgreSQL when it answers.
  it.runIf(driver === TEST_DRIVERS.at(-1))(
    "is deterministic: the same base date gives the same demo",
    async () => {
      const again = await seeded(driver);
      try {
        expect(await fingerprint(again.db)).toEqual(await fingerprint(database.db));
      } finally {
        await again.close();
      }
    },
    SEED_TIMEOUT,
  );
});
