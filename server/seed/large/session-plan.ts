import { sessionTotals, type JsonObject } from "../../../domain/session-review/session-totals.ts";
import { roundToOneDecimal } from "../../../domain/shared/format/round.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import type { GameType } from "../../../domain/shared/games/game-type.ts";
import type { ContentItem } from "../../content/content-item.ts";
import { exerciseContent } from "../../content/exercise-content.ts";
import type { Prng } from "../../prng.ts";
import { type AttemptPlan, outcomes, scoreFor, scoreStep, seconds } from "../attempts/attempt-plan.ts";
import { ATTEMPT_PLANNERS } from "../attempts/by-game.ts";
import { EDITABLE_DAYS } from "../demo-sessions.ts";
import { DAY_MS } from "../seed-context.ts";
import type { LargeAssignment } from "./patients.ts";

const LEVEL_ADJUSTMENT: Readonly<Record<Difficulty, number>> = { easy: 0.1, medium: 0, hard: -0.15 };
/** Seconds one try takes, per game, for sessions seeded without attempts (the planners' ranges). */
const TRY_SECONDS: Readonly<Record<GameType, readonly [number, number]>> = {
  medication_management: [8, 60],
  memory_grid: [3, 35],
  naming: [1.5, 20],
  social_situations: [4, 45],
  verbal_fluency: [60, 60],
  pill_sorting: [30, 150],
  chitchat_ai: [90, 400],
  parrot: [1.5, 8],
};

export type PlannedAttempt = AttemptPlan & { readonly createdAt: number };
export type PlannedChallenge = { readonly position: number; readonly content: ContentItem; readonly attempts: readonly PlannedAttempt[] };

/** What a session row stores, and with --attempts its challenges. */
export type PlannedSession = {
  readonly durationSeconds: number;
  readonly totalScore: number | null;
  readonly accuracy: number | null;
  readonly metrics: JsonObject;
  readonly challenges: readonly PlannedChallenge[];
};

const itemsOf = new Map<string, readonly ContentItem[]>();
const contentItems = (gameType: GameType, difficulty: Difficulty): readonly ContentItem[] => {
  const key = `${gameType}:${difficulty}`;
  let items = itemsOf.get(key);
  if (items === undefined) {
    items = exerciseContent(gameType, difficulty)?.items ?? [];
    itemsOf.set(key, items);
  }
  return items;
};

/** Patients improve over the history, with good and bad days (as the demo's sessions do). */
const abilityOn = (assignment: LargeAssignment, progress: number, prng: Prng): number =>
  Math.min(0.95, Math.max(0.05, assignment.ability + LEVEL_ADJUSTMENT[assignment.difficulty] + 0.15 * progress + (prng.next() - 0.5) * 0.2));

/**
 * A session with its challenges and attempts, planned by the demo's own planners (ATTEMPT_PLANNERS:
 * attempt_data in each game's shape, content items from the game's file) and totalled by the
 * rule a correction recomputes them with (sessionTotals). Attempts of sessions older than the
 * demo's EDITABLE_DAYS are locked, as in the demo.
 */
export const planSessionWithAttempts = (assignment: LargeAssignment, start: number, progress: number, now: number, prng: Prng): PlannedSession => {
  const items = contentItems(assignment.gameType, assignment.difficulty);
  const ability = abilityOn(assignment, progress, prng);
  const locked = now - start > EDITABLE_DAYS * DAY_MS;
  let clock = 5 + prng.next() * 10;
  const challenges = Array.from({ length: Math.min(assignment.amountChallenges, items.length) }, (_, index): PlannedChallenge => {
    const item = items[prng.int(0, items.length - 1)] ?? {};
    const plans = ATTEMPT_PLANNERS[assignment.gameType]({ item, difficulty: assignment.difficulty, trials: assignment.amountTrials, ability, prng, siblings: items });
    const attempts = plans.map((plan): PlannedAttempt => {
      const createdAt = start + Math.round(clock * 1000);
      clock += plan.timeSeconds + 2 + prng.next() * 4;
      return locked ? { ...plan, isEditable: false, createdAt } : { ...plan, createdAt };
    });
    return { position: index + 1, content: item, attempts };
  });
  const totals = sessionTotals(
    assignment.gameType,
    challenges.map((challenge) => challenge.position),
    challenges.flatMap((challenge) => challenge.attempts.map((attempt) => ({ ...attempt, challengeId: challenge.position }))),
  );
  return { durationSeconds: Math.round(clock), totalScore: totals.totalScore, accuracy: totals.accuracyPercentage, metrics: totals.metrics, challenges };
};

/**
 * A session's stored totals without its attempts (seed:large without --attempts): the same
 * outcome and score draws as the planners (outcomes, scoreFor), none of the content, so millions
 * of sessions plan in seconds. Verbal fluency counts words as its planner does; chit-chat is unscored.
 */
export const planSessionTotals = (assignment: LargeAssignment, progress: number, prng: Prng): PlannedSession => {
  const { gameType } = assignment;
  const ability = abilityOn(assignment, progress, prng);
  const [low, high] = TRY_SECONDS[gameType];
  let clock = 5 + prng.next() * 10;
  let points = 0;
  let scored = 0;
  let correctTries = 0;
  let solved = 0;
  let words = 0;
  const challenges = gameType === "chitchat_ai" ? 1 : assignment.amountChallenges;
  for (let challenge = 0; challenge < challenges; challenge += 1) {
    if (gameType === "chitchat_ai") {
      clock += seconds(prng, low, high) + 2;
      continue;
    }
    if (gameType === "verbal_fluency") {
      const count = Math.max(0, Math.min(12, Math.round(2 + ability * 10 + (prng.next() - 0.5) * 4)));
      const correct = count >= ({ easy: 6, medium: 5, hard: 4 } as const)[assignment.difficulty];
      points += scoreStep(count / 12);
      scored += 1;
      correctTries += correct ? 1 : 0;
      solved += correct ? 1 : 0;
      words += count;
      clock += 60 + 2 + prng.next() * 4;
      continue;
    }
    const tries = outcomes({ item: {}, difficulty: assignment.difficulty, trials: assignment.amountTrials, ability, prng, siblings: [] });
    for (const correct of tries) {
      points += scoreFor(prng, correct);
      scored += 1;
      correctTries += correct ? 1 : 0;
      clock += seconds(prng, low, high) + 2 + prng.next() * 4;
    }
    solved += tries.includes(true) ? 1 : 0;
  }
  const metrics: JsonObject =
    gameType === "verbal_fluency" ? { words_count: words } : gameType === "memory_grid" ? { success_rate: roundToOneDecimal((solved / challenges) * 100) } : {};
  return {
    durationSeconds: Math.round(clock),
    totalScore: scored === 0 ? null : roundToOneDecimal(points),
    accuracy: scored === 0 ? null : roundToOneDecimal((correctTries / scored) * 100),
    metrics,
    challenges: [],
  };
};
