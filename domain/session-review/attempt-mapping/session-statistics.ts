import { roundToOneDecimal } from "../../shared/format/round.ts";
import type { SessionDetailWire } from "../session-detail-wire.ts";
import { GAME_TYPE, type GameType } from "../../shared/games/game-type.ts";

/** What the average time of a session is measured per: words for verbal fluency, images otherwise. */
export const AVERAGE_UNIT = { image: "image", word: "word" } as const;
export type AverageUnit = (typeof AVERAGE_UNIT)[keyof typeof AVERAGE_UNIT];

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
  averageUnit: gameType === GAME_TYPE.verbalFluency ? AVERAGE_UNIT.word : AVERAGE_UNIT.image,
  wordsCount: gameType === GAME_TYPE.verbalFluency ? rounded(detail.game_metrics.words_count) : null,
  successRatePercent: gameType === GAME_TYPE.memoryGrid ? rounded(detail.game_metrics.success_rate) : null,
});
