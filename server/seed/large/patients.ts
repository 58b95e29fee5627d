import type { BirthGender } from "../../../domain/patients/patients-wire.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import { GAME_TYPES, type GameType } from "../../../domain/shared/games/game-type.ts";
import type { PatientStatus } from "../../../domain/shared/statuses/patient-status.ts";
import { exerciseContent, levelsAvailable } from "../../content/exercise-content.ts";
import type { Database } from "../../db/database.ts";
import type { Prng } from "../../prng.ts";
import { FAMILY_NAMES, GIVEN_NAMES } from "../demo-names.ts";
import { DAY_MS } from "../seed-context.ts";
import type { LargeAccounts } from "./accounts.ts";
import type { Meter } from "./meter.ts";
import { insertUnnest } from "./unnest-insert.ts";

/** The first SLP's caseload (the one who signs in): the SLP dashboard at a big caseload. */
export const BIG_CASELOAD = 450;
const THREE_YEARS_MS = 3 * 365 * DAY_MS;

export type LargePatient = {
  readonly id: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly birthdate: string;
  readonly gender: BirthGender;
  readonly status: PatientStatus;
  /** An index into the accounts' staffIds, or -1 for a patient without an SLP. */
  readonly staffIndex: number;
  readonly createdAt: number;
  /** The review flag of a seed without sessions (nothing to derive it from): 60 % reviewed. */
  readonly drawnReviewed: boolean;
};

/** One game assignment, with what its sessions need to know about it and its patient. */
export type LargeAssignment = {
  readonly id: number;
  readonly patientId: number;
  readonly gameType: GameType;
  readonly gameId: number;
  readonly difficulty: Difficulty;
  readonly amountChallenges: number;
  readonly amountTrials: number;
  readonly maxRepetitionsPerDay: number;
  readonly assignedAt: number;
  /** The patient's chance of a first-try success on easy material, 0..1. */
  readonly ability: number;
  /** The day an inactive patient stopped playing (epoch ms), or null. */
  readonly stoppedAt: number | null;
  /** Who reviews the patient's sessions: their SLP, or the administrator for patients without one. */
  readonly reviewerUserId: number;
};

const pickStatus = (draw: number): PatientStatus => (draw < 0.76 ? "active" : draw < 0.9 ? "pending" : "inactive");

/** Most assignments start easy; the limits stay within what the game's content file allows. */
const planLimits = (prng: Prng, gameType: GameType) => {
  const levels = levelsAvailable(gameType);
  const difficulty = levels[prng.chance(0.55) ? 0 : prng.int(0, levels.length - 1)] ?? "easy";
  const limits = exerciseContent(gameType, difficulty)?.configuration;
  const single = gameType === "chitchat_ai" || gameType === "verbal_fluency";
  return {
    gameType,
    difficulty,
    // 3-5 challenges of 1-2 tries: enough to look real, few enough to seed millions of sessions.
    amountChallenges: gameType === "chitchat_ai" ? 1 : prng.int(Math.min(3, limits?.max_challenges ?? 3), Math.min(5, limits?.max_challenges ?? 5)),
    amountTrials: single ? 1 : prng.int(1, Math.min(2, limits?.max_amount_trials ?? 2)),
    maxRepetitionsPerDay: prng.int(1, limits?.max_repetitions_per_day ?? 2),
  };
};

/**
 * Patients `first`.. under the reserved `ids`, and their 0-2 live game assignments (1.125 on
 * average) under the reserved `levelIds` (as many as there are, the rest unused). The first SLP
 * holds BIG_CASELOAD patients, the others share the rest (95 % have an SLP). Every game type gets
 * an equal share: a patient's first game goes round the eight in turn, so a small seed holds all eight.
 */
export const planPatients = (
  input: { readonly ids: readonly number[]; readonly first: number; readonly tag: string; readonly accounts: LargeAccounts; readonly gameIds: ReadonlyMap<GameType, number>; readonly now: number },
  prng: Prng,
): { readonly patients: LargePatient[]; readonly assignments: Array<Omit<LargeAssignment, "id">> } => {
  const { accounts, now } = input;
  const others = accounts.staffIds.length - 1;
  const patients: LargePatient[] = [];
  const assignments: Array<Omit<LargeAssignment, "id">> = [];
  input.ids.forEach((id, offset) => {
    const index = input.first + offset;
    const [firstName, gender] = prng.pick(GIVEN_NAMES) as readonly [string, BirthGender];
    const lastName = prng.pick(FAMILY_NAMES);
    const year = 2004 - Math.floor(66 * Math.sqrt(prng.next()));
    const patient: LargePatient = {
      id,
      firstName,
      lastName,
      email: `${firstName}.${lastName.replace(/[^A-Za-z]/g, "")}.${index + 1}.${input.tag}@large.test`.toLowerCase(),
      birthdate: `${year}-${String(prng.int(1, 12)).padStart(2, "0")}-${String(prng.int(1, 28)).padStart(2, "0")}`,
      gender,
      status: pickStatus(prng.next()),
      staffIndex: index < BIG_CASELOAD || others === 0 ? 0 : prng.chance(0.95) ? 1 + (index % others) : -1,
      createdAt: now - Math.floor(prng.next() * THREE_YEARS_MS),
      drawnReviewed: prng.chance(0.6),
    };
    patients.push(patient);
    const wanted = index < GAME_TYPES.length ? 1 : prng.chance(0.25) ? 0 : prng.int(1, 2);
    const firstGame = GAME_TYPES[index % GAME_TYPES.length] ?? "naming";
    const types = wanted === 0 ? [] : wanted === 1 ? [firstGame] : [firstGame, prng.pick(GAME_TYPES.filter((type) => type !== firstGame))];
    const ability = 0.35 + prng.next() * 0.5;
    const stoppedAt = patient.status === "inactive" ? now - prng.int(20, 75) * DAY_MS : null;
    const reviewerUserId = patient.staffIndex === -1 ? accounts.adminUserId : (accounts.staffUserIds[patient.staffIndex] ?? accounts.adminUserId);
    for (const gameType of types) {
      assignments.push({
        ...planLimits(prng, gameType),
        patientId: id,
        gameId: input.gameIds.get(gameType) ?? 0,
        assignedAt: Math.min(now - DAY_MS, patient.createdAt + prng.int(1, 14) * DAY_MS),
        ability,
        stoppedAt,
        reviewerUserId,
      });
    }
  });
  return { patients, assignments };
};

/** One INSERT of patients and one of their assignments, from arrays (unnest), under their reserved ids. */
export const insertPatients = async (
  db: Database,
  input: { readonly institutionId: number; readonly accounts: LargeAccounts; readonly patients: readonly LargePatient[]; readonly reviewed: (patient: LargePatient) => boolean; readonly assignments: readonly LargeAssignment[]; readonly meter: Meter },
): Promise<void> => {
  const { patients: rows, assignments: levels, meter } = input;
  await meter.time("patients", rows.length, () =>
    insertUnnest(
      db,
      "patients",
      [
        { name: "id", type: "int", values: rows.map((row) => row.id) },
        { name: "institution_id", type: "int", values: rows.map(() => input.institutionId) },
        { name: "first_name", type: "text", values: rows.map((row) => row.firstName) },
        { name: "last_name", type: "text", values: rows.map((row) => row.lastName) },
        { name: "email", type: "text", values: rows.map((row) => row.email) },
        { name: "birthdate", type: "date", values: rows.map((row) => row.birthdate) },
        { name: "gender", type: "text", values: rows.map((row) => row.gender) },
        { name: "status", type: "text", values: rows.map((row) => row.status) },
        { name: "reviewed", type: "boolean", values: rows.map((row) => input.reviewed(row)) },
        { name: "assigned_staff_id", type: "int", values: rows.map((row) => (row.staffIndex === -1 ? null : (input.accounts.staffIds[row.staffIndex] ?? null))) },
        { name: "created_at", type: "timestamptz", values: rows.map((row) => row.createdAt) },
        { name: "updated_at", type: "timestamptz", values: rows.map((row) => row.createdAt) },
      ],
      { overriding: true },
    ),
  );
  if (levels.length === 0) return;
  await meter.time("assignments", levels.length, () =>
    insertUnnest(
      db,
      "patient_game_levels",
      [
        { name: "id", type: "int", values: levels.map((level) => level.id) },
        { name: "patient_id", type: "int", values: levels.map((level) => level.patientId) },
        { name: "game_id", type: "int", values: levels.map((level) => level.gameId) },
        { name: "difficulty", type: "text", values: levels.map((level) => level.difficulty) },
        { name: "amount_challenges", type: "int", values: levels.map((level) => level.amountChallenges) },
        { name: "amount_trials", type: "int", values: levels.map((level) => level.amountTrials) },
        { name: "min_repetitions_per_day", type: "int", values: levels.map(() => 1) },
        { name: "max_repetitions_per_day", type: "int", values: levels.map((level) => level.maxRepetitionsPerDay) },
        { name: "assigned_by_user_id", type: "int", values: levels.map((level) => level.reviewerUserId) },
        { name: "assigned_at", type: "timestamptz", values: levels.map((level) => level.assignedAt) },
      ],
      { overriding: true },
    ),
  );
};
