import { formatDuration } from "../shared/format/duration.ts";
import { NOT_AVAILABLE, type Trend, TREND, formatPercentage, trendOf } from "../shared/format/percentage.ts";
import { roundToOneDecimal } from "../shared/format/round.ts";
import { difficultyLabel } from "../shared/format/difficulty-label.ts";
import type { Difficulty } from "../shared/games/difficulty.ts";
import { AVERAGE_UNIT, type SessionStatistics } from "./attempt-mapping/session-statistics.ts";

/** A stat tile's change against the previous session: the words a screen reader says, and the arrow's direction. */
export type TileChange = { readonly text: string; readonly trend: Trend };

/** One stat tile of a session: what it measures, its value as shown, and its change when the game reports one. */
export type StatTile = { readonly label: string; readonly value: string; readonly change?: TileChange };

/**
 * A change reads as words so the arrow is never its only sign: 'Up 12.5% on the previous session',
 * 'Down 3% on …', 'No change on …', and 'Change not available' when there was nothing to compare with.
 */
export const changeText = (change: number | null, comparedWith: string): TileChange => {
  const trend = trendOf(change);
  if (change === null || !Number.isFinite(change)) return { text: "Change not available", trend: TREND.none };
  const size = formatPercentage(Math.abs(change));
  const text = trend === TREND.up ? `Up ${size} on ${comparedWith}` : trend === TREND.down ? `Down ${size} on ${comparedWith}` : `No change on ${comparedWith}`;
  return { text, trend };
};

const PREVIOUS_SESSION = "the previous session";
const points = (score: number | null): string => (score === null ? NOT_AVAILABLE : `${roundToOneDecimal(score)} points`);
const time = (seconds: number | null): string => (seconds === null ? NOT_AVAILABLE : formatDuration(seconds));
const count = (value: number | null): string => (value === null ? NOT_AVAILABLE : String(roundToOneDecimal(value)));

/**
 * The session detail's stat tiles (spec section 9: score in points, time, accuracy percent, level
 * played), then the average time per image (per word for verbal fluency), and the words count of
 * verbal fluency or the success rate of memory grid.
 */
export const sessionTiles = (statistics: SessionStatistics, difficulty: Difficulty): readonly StatTile[] => [
  { label: "Score", value: points(statistics.score), change: changeText(statistics.scoreChangePercent, PREVIOUS_SESSION) },
  { label: "Time", value: time(statistics.timeSpentSeconds), change: changeText(statistics.timeSpentChangePercent, PREVIOUS_SESSION) },
  { label: "Accuracy", value: formatPercentage(statistics.accuracyPercent), change: changeText(statistics.accuracyChangePercent, PREVIOUS_SESSION) },
  { label: "Level played", value: difficultyLabel(difficulty) },
  {
    label: statistics.averageUnit === AVERAGE_UNIT.word ? "Average time per word" : "Average time per image",
    value: time(statistics.averageSeconds),
    change: changeText(statistics.averageSecondsChangePercent, PREVIOUS_SESSION),
  },
  ...(statistics.wordsCount === null ? [] : [{ label: "Words said", value: count(statistics.wordsCount) }]),
  ...(statistics.successRatePercent === null ? [] : [{ label: "Success rate", value: formatPercentage(statistics.successRatePercent) }]),
];
