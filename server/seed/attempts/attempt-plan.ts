import { roundToOneDecimal } from "../../../domain/shared/format/round.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import type { ContentItem } from "../../content/content-item.ts";
import type { Prng } from "../../prng.ts";

/** One attempt as the seed will insert it; `offsetSeconds` is filled in by the session planner. */
export type AttemptPlan = {
  readonly attemptNumber: number;
  readonly isEditable: boolean;
  readonly score: number | null;
  readonly isCorrect: boolean | null;
  readonly transcription: string | null;
  readonly aiFeedback: string | null;
  readonly hintsUsed: number | null;
  readonly timeSeconds: number;
  readonly responseAudioUrl: string | null;
  readonly attemptData: { readonly [key: string]: unknown };
};

/** What a game's planner knows about one challenge being played. */
export type ChallengeContext = {
  readonly item: ContentItem;
  readonly difficulty: Difficulty;
  /** How many tries the assignment allows (amount_trials). */
  readonly trials: number;
  /** Chance of getting it right on a first try, 0..1, for this patient on this day. */
  readonly ability: number;
  readonly prng: Prng;
  /** Other items of the same file, for plausible wrong answers. */
  readonly siblings: readonly ContentItem[];
};

/** Plans the attempts at one challenge; the list is never empty. */
export type AttemptPlanner = (context: ChallengeContext) => readonly AttemptPlan[];

/** Attempt scores run from 0 to 1 in steps of 0.1 (spec section 9). */
export const scoreStep = (value: number): number => Math.min(1, Math.max(0, roundToOneDecimal(value)));
export const seconds = (prng: Prng, min: number, max: number): number => roundToOneDecimal(min + prng.next() * (max - min));

/** Tries until right or out of trials; each retry is a little likelier to succeed (cueing helps). */
export const outcomes = (context: ChallengeContext): readonly boolean[] => {
  const results: boolean[] = [];
  for (let trial = 0; trial < Math.max(1, context.trials); trial += 1) {
    const correct = context.prng.chance(Math.min(0.97, context.ability + trial * 0.15));
    results.push(correct);
    if (correct) break;
  }
  return results;
};

export const scoreFor = (prng: Prng, correct: boolean): number =>
  correct ? scoreStep(0.7 + prng.next() * 0.3) : scoreStep(prng.next() * 0.4);

export const text = (item: ContentItem, key: string): string => {
  const value = item[key];
  return typeof value === "string" ? value : "";
};
