import { formatDuration } from "../shared/format/duration.ts";
import { NOT_AVAILABLE, formatPercentage } from "../shared/format/percentage.ts";
import { roundToOneDecimal } from "../shared/format/round.ts";
import { difficultyLabel } from "../shared/format/difficulty-label.ts";
import type { Difficulty } from "../shared/games/difficulty.ts";
import type { SessionStatistics } from "./attempt-mapping/session-statistics.ts";
import { changeInWords } from "./change-in-words.ts";
import type { StatTile } from "./stat-tile.ts";

const PREVIOUS_SESSION = "the previous session";
/** A session's score reads in points to one decimal ("12.5 points"), or 'Not available'. */
export const pointsText = (score: number | null | undefined): string =>
  score === null || score === undefined || !Number.isFinite(score) ? NOT_AVAILABLE : `${roundToOneDecimal(score)} points`;
const time = (seconds: number | null): string => (seconds === null ? NOT_AVAILABLE : formatDuration(seconds));
const count = (value: number | null): string => (value === null ? NOT_AVAILABLE : String(roundToOneDecimal(value)));
const versusPrevious = (change: number | null) => changeInWords(change, PREVIOUS_SESSION);

/**
 * The session detail's stat tiles (spec section 9: score in points, time, accuracy percent, level
 * played), each change in words against the previous session, then the average time per the game's
 * content (image, pattern, prescription, situation, word, reply, repetition: AVERAGE_UNIT_BY_GAME),
 * and the words count of verbal fluency or the success rate of memory grid.
 */
export const sessionTiles = (statistics: SessionStatistics, difficulty: Difficulty): readonly StatTile[] => [
  { key: "score", label: "Score", value: pointsText(statistics.score), detail: versusPrevious(statistics.scoreChangePercent) },
  { key: "time", label: "Time", value: time(statistics.timeSpentSeconds), detail: versusPrevious(statistics.timeSpentChangePercent) },
  { key: "accuracy", label: "Accuracy", value: formatPercentage(statistics.accuracyPercent), detail: versusPrevious(statistics.accuracyChangePercent) },
  { key: "level", label: "Level played", value: difficultyLabel(difficulty) },
  {
    key: "average",
    label: `Average time per ${statistics.averageUnit}`,
    value: time(statistics.averageSeconds),
    detail: versusPrevious(statistics.averageSecondsChangePercent),
  },
  ...(statistics.wordsCount === null ? [] : [{ key: "words", label: "Words said", value: count(statistics.wordsCount) }]),
  ...(statistics.successRatePercent === null ? [] : [{ key: "success", label: "Success rate", value: formatPercentage(statistics.successRatePercent) }]),
];
