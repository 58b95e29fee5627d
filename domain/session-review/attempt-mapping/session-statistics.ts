import { roundToOneDecimal } from "../../shared/format/round.ts";
import type { SessionDetailWire } from "../session-detail-wire.ts";
import { GAME_TYPE, type GameType } from "../../shared/games/game-type.ts";

/** What the average time of a session is measured per, in the words of its game's content. */
export const AVERAGE_UNIT = {
  image: "image",
  pattern: "pattern",
  prescription: "prescription",
  situation: "situation",
  word: "word",
  reply: "reply",
  repetition: "repetition",
} as const;
export type AverageUnit = (typeof AVERAGE_UNIT)[keyof typeof AVERAGE_UNIT];

/**
 * Each game's content, as a clinician names it: a picture to name, a memory grid's pattern, a
 * prescription to read or sort, a social situation, a word said, a reply in an AI chit-chat, a
 * repetition in Parrot. "Average time per image" on a chit-chat or a pill box read as a mistake (issue 23).
 */
export const AVERAGE_UNIT_BY_GAME: Readonly<Record<GameType, AverageUnit>> = {
  naming: AVERAGE_UNIT.image,
  memory_grid: AVERAGE_UNIT.pattern,
  medication_management: AVERAGE_UNIT.prescription,
  pill_sorting: AVERAGE_UNIT.prescription,
  social_situations: AVERAGE_UNIT.situation,
  verbal_fluency: AVERAGE_UNIT.word,
  chitchat_ai: AVERAGE_UNIT.reply,
  parrot: AVERAGE_UNIT.repetition,
};

/** The stat tiles of a session; each change is a signed percentage against the previous session. */
export type SessionStatistics = {
  readonly score: number | null;
  readonly scoreChangePercent: number | null;
  readonly accuracyPercent: number | null;
  readonly accuracyChangePercent: number | null;
  readonly timeSpentSeconds: number | null;
  readonly timeSpentChangePercent: number | null;
  readonly averageSeconds: number | null;
  readonly averageSecondsChangePercent: number | null;
  readonly averageUnit: AverageUnit;
  /** Verbal fluency only; null for every other game. */
  readonly wordsCount: number | null;
  /** Memory grid only; null for every other game. */
  readonly successRatePercent: number | null;
};

const rounded = (value: number | null | undefined): number | null =>
  value === null || value === undefined ? null : roundToOneDecimal(value);

/** Session statistics are shown to one decimal; words count belongs to verbal fluency and success rate to memory grid. */
export const toSessionStatistics = (detail: SessionDetailWire, gameType: GameType): SessionStatistics => ({
  score: rounded(detail.total_score),
  scoreChangePercent: rounded(detail.total_score_percentage_change),
  accuracyPercent: rounded(detail.accuracy_percentage),
  accuracyChangePercent: rounded(detail.accuracy_percentage_change),
  timeSpentSeconds: rounded(detail.total_session_duration),
  timeSpentChangePercent: rounded(detail.total_session_duration_percentage_change),
  averageSeconds: rounded(detail.avg_duration_per_content),
  averageSecondsChangePercent: rounded(detail.avg_duration_per_content_percentage_change),
  averageUnit: AVERAGE_UNIT_BY_GAME[gameType],
  wordsCount: gameType === GAME_TYPE.verbalFluency ? rounded(detail.game_metrics.words_count) : null,
  successRatePercent: gameType === GAME_TYPE.memoryGrid ? rounded(detail.game_metrics.success_rate) : null,
});
