import type { Difficulty } from "../../domain/shared/games/difficulty.ts";
import type { GameType } from "../../domain/shared/games/game-type.ts";
import type { PatientStatus } from "../../domain/shared/statuses/patient-status.ts";
import { exerciseContent, levelsAvailable } from "../content/exercise-content.ts";
import { patientGameLevels } from "../db/schema/assignments.ts";
import { patients } from "../db/schema/patients.ts";
import { chunksOf, rowsPerStatement } from "./chunks.ts";
import { contactIn } from "./contact-block.ts";
import { DEMO_INSTITUTIONS, type DemoInstitutionKey } from "./demo-accounts.ts";
import { FAMILY_NAMES, GIVEN_NAMES } from "./demo-names.ts";
import type { DemoOrganisations } from "./demo-organisations.ts";
import type { DemoSlp, DemoStaff } from "./demo-staff.ts";
import type { CityPlace } from "./place-lookup.ts";
import { DAY_MS, type SeedContext, daysBefore } from "./seed-context.ts";

export const PATIENTS_PER_INSTITUTION: Readonly<Record<DemoInstitutionKey, number>> = { riverside: 120, lakeside: 30 };
/** slp@demo.test carries a full caseload so the SLP dashboard has plenty to show. */
const SOPHIE_CASELOAD = 24;
const HOME_CITY: Readonly<Record<DemoInstitutionKey, string>> = { riverside: "Boston", lakeside: "Madison" };

export type DemoAssignment = {
  readonly id: number;
  readonly patientId: number;
  readonly gameType: GameType;
  readonly gameId: number;
  readonly difficulty: Difficulty;
  readonly amountChallenges: number;
  readonly amountTrials: number;
  readonly assignedAt: Date;
};

export type DemoPatient = {
  readonly id: number;
  readonly status: PatientStatus;
  /** Chance of a first-try success on easy material at the start of the 90 days. */
  readonly ability: number;
  /** Chance of playing an assigned game on a given day. */
  readonly adherence: number;
  /** The day an inactive patient stopped playing. */
  readonly stoppedAt: Date | null;
  readonly reviewerUserId: number | null;
  readonly assignments: readonly DemoAssignment[];
};

type PlannedAssignment = Omit<DemoAssignment, "id" | "patientId" | "gameId"> & {
  readonly minRepetitionsPerDay: number;
  readonly maxRepetitionsPerDay: number;
  readonly unlimited: boolean;
};

const pickStatus = (draw: number): PatientStatus => (draw < 0.76 ? "active" : draw < 0.9 ? "pending" : "inactive");

/** Older adults dominate a speech-therapy caseload (stroke, dementia, Parkinson's): birth years skew early. */
const birthdate = (context: SeedContext): string => {
  const { prng } = context;
  const year = 2004 - Math.floor(66 * Math.sqrt(prng.next()));
  return `${year}-${String(prng.int(1, 12)).padStart(2, "0")}-${String(prng.int(1, 28)).padStart(2, "0")}`;
};

const planAssignments = (context: SeedContext, games: readonly GameType[], createdAt: Date, count: number): PlannedAssignment[] => {
  const { prng } = context;
  const pool = [...games];
  const planned: PlannedAssignment[] = [];
  while (planned.length < count && pool.length > 0) {
    const [gameType] = pool.splice(prng.int(0, pool.length - 1), 1);
    if (gameType === undefined) break;
    const levels = levelsAvailable(gameType);
    // Most patients start easy or medium; a few also practise a second level of the same game.
    const chosen = prng.chance(0.1) && levels.length > 1 ? levels.slice(0, 2) : [levels[Math.min(levels.length - 1, prng.chance(0.55) ? 0 : prng.int(1, 2))] ?? "easy"];
    for (const difficulty of chosen) {
      const limits = exerciseContent(gameType, difficulty)?.configuration;
      const maxChallenges = limits?.max_challenges ?? 5;
      planned.push({
        gameType,
        difficulty,
        amountChallenges: gameType === "chitchat_ai" ? 1 : prng.int(Math.min(3, maxChallenges), Math.min(6, maxChallenges)),
        amountTrials: gameType === "verbal_fluency" || gameType === "chitchat_ai" ? 1 : prng.int(1, limits?.max_amount_trials ?? 2),
        minRepetitionsPerDay: 1,
        maxRepetitionsPerDay: prng.int(1, limits?.max_repetitions_per_day ?? 2),
        // The draw stays whatever the file allows, so the rest of the demo does not shift.
        unlimited: prng.chance(0.08) && (limits?.unlimited ?? false),
        assignedAt: new Date(createdAt.getTime() + prng.int(1, 14) * DAY_MS),
      });
    }
  }
  return planned;
};

/** About 150 patients with addresses, a caseload per SLP, and their game assignments. */
export const seedPatients = async (
  context: SeedContext,
  organisations: DemoOrganisations,
  staffing: DemoStaff,
  cities: readonly CityPlace[],
): Promise<readonly DemoPatient[]> => {
  const { db, prng, baseDate } = context;
  const usedEmails = new Set<string>();
  const plans = DEMO_INSTITUTIONS.map((institution) => institution.key).flatMap((key) => {
    const activeSlps = (staffing.slpsOf.get(key) ?? []).filter((slp) => slp.active);
    const sophie = activeSlps.find((slp) => slp.email === "slp@demo.test");
    const others = activeSlps.filter((slp) => slp !== sophie);
    const home = cities.find((city) => city.name === HOME_CITY[key]);
    const usCities = cities.filter((city) => city.country === "US");
    const abroad = cities.filter((city) => city.country !== "US");
    return Array.from({ length: PATIENTS_PER_INSTITUTION[key] }, (_, index) => {
      const [firstName, gender] = prng.pick(GIVEN_NAMES);
      const lastName = prng.pick(FAMILY_NAMES);
      const base = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, "");
      let email = `${base}@mail.test`;
      for (let n = 2; usedEmails.has(email); n += 1) email = `${base}${n}@mail.test`;
      usedEmails.add(email);
      const status = pickStatus(prng.next());
      const reviewer: DemoSlp | undefined =
        status === "pending" && prng.chance(0.3) ? undefined : index < SOPHIE_CASELOAD && sophie !== undefined ? sophie : others.length > 0 ? prng.pick(others) : sophie;
      const city = prng.chance(0.1) ? prng.pick(abroad) : prng.chance(0.5) && home !== undefined ? home : prng.pick(usCities);
      const recent = status === "pending" || prng.chance(0.15);
      const createdAt = daysBefore(baseDate, recent ? prng.int(5, 80) : prng.int(95, 540));
      const games = organisations.gamesOf.get(key) ?? [];
      const assignments = status === "pending" ? planAssignments(context, games, createdAt, prng.int(0, 1)) : planAssignments(context, games, createdAt, prng.int(1, 4));
      return {
        row: {
          institutionId: organisations.institutionIds.get(key) ?? 0,
          firstName,
          lastName,
          email,
          birthdate: birthdate(context),
          gender,
          status,
          reviewed: false,
          assignedStaffId: reviewer?.staffId ?? null,
          ...contactIn(city, prng),
          createdAt,
          updatedAt: createdAt,
        },
        ability: 0.35 + prng.next() * 0.5,
        adherence: 0.1 + prng.next() * 0.3,
        stoppedAt: status === "inactive" ? daysBefore(baseDate, prng.int(20, 75)) : null,
        reviewerUserId: reviewer?.userId ?? null,
        assignments,
      };
    });
  });

  const ids: number[] = [];
  for (const chunk of chunksOf(plans.map((p) => p.row), rowsPerStatement(20))) {
    const rows = await db.insert(patients).values(chunk).returning({ id: patients.id, email: patients.email });
    const byEmail = new Map(rows.map((row) => [row.email, row.id]));
    for (const row of chunk) ids.push(byEmail.get(row.email) ?? 0);
  }

  const assignmentRows = plans.flatMap((plan, index) =>
    plan.assignments.map((a) => ({
      patientId: ids[index] ?? 0,
      gameId: organisations.gameIds.get(a.gameType) ?? 0,
      difficulty: a.difficulty,
      amountChallenges: a.amountChallenges,
      amountTrials: a.amountTrials,
      minRepetitionsPerDay: a.minRepetitionsPerDay,
      maxRepetitionsPerDay: a.maxRepetitionsPerDay,
      unlimited: a.unlimited,
      assignedByUserId: plan.reviewerUserId,
      assignedAt: a.assignedAt,
    })),
  );
  const assignmentIds = new Map<string, number>();
  for (const chunk of chunksOf(assignmentRows, rowsPerStatement(12))) {
    const rows = await db
      .insert(patientGameLevels)
      .values(chunk)
      .returning({ id: patientGameLevels.id, patientId: patientGameLevels.patientId, gameId: patientGameLevels.gameId, difficulty: patientGameLevels.difficulty });
    for (const row of rows) assignmentIds.set(`${row.patientId}:${row.gameId}:${row.difficulty}`, row.id);
  }

  return plans.map((plan, index) => {
    const patientId = ids[index] ?? 0;
    return {
      id: patientId,
      status: plan.row.status,
      ability: plan.ability,
      adherence: plan.adherence,
      stoppedAt: plan.stoppedAt,
      reviewerUserId: plan.reviewerUserId,
      assignments: plan.assignments.map((a) => {
        const gameId = organisations.gameIds.get(a.gameType) ?? 0;
        return {
          id: assignmentIds.get(`${patientId}:${gameId}:${a.difficulty}`) ?? 0,
          patientId,
          gameType: a.gameType,
          gameId,
          difficulty: a.difficulty,
          amountChallenges: a.amountChallenges,
          amountTrials: a.amountTrials,
          assignedAt: a.assignedAt,
        };
      }),
    };
  });
};
