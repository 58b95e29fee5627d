import { formatDateTime } from "../shared/format/date.ts";
import { difficultyLabel } from "../shared/format/difficulty-label.ts";
import { formatDuration } from "../shared/format/duration.ts";
import { NOT_AVAILABLE, TREND, formatPercentage } from "../shared/format/percentage.ts";
import { GameId } from "../shared/ids.ts";
import type { Difficulty } from "../shared/games/difficulty.ts";
import type { GameStatistics } from "./game-statistics-wire.ts";
import type { SessionListItemWire } from "./session-list-wire.ts";
import { changeInWords } from "./change-in-words.ts";
import { pointsText } from "./session-tiles.ts";
import type { StatTile } from "./stat-tile.ts";

/** One stat tile of the exercise overview. */
export type OverviewTile = StatTile & { readonly key: "week" | "total" | "last" | "level" | "score" | "accuracy" };

export const NO_SESSION_YET = "No sessions yet";

export type OverviewFacts = {
  readonly statistics: GameStatistics;
  /** The difficulty the patient is assigned at this level, when known. */
  readonly difficulty: Difficulty | null;
  /** The newest session, when the level has been played. */
  readonly latest: SessionListItemWire | null;
};

/**
 * The exercise overview's tiles (spec section 9): time this week with its change on last week in
 * words, total time, when the last session started, the level played, and the newest session's
 * score in points and accuracy.
 * A level never played says so rather than 'Invalid date'.
 */
export const overviewTiles = ({ statistics, difficulty, latest }: OverviewFacts): readonly OverviewTile[] => [
  {
    key: "week",
    label: "Time this week",
    value: formatDuration(statistics.timeThisWeekSeconds),
    detail: changeInWords(statistics.percentageChangeThisWeek, "last week"),
  },
  { key: "total", label: "Total time", value: formatDuration(statistics.totalTimeSeconds) },
  {
    key: "last",
    label: "Last session",
    value: statistics.lastSessionStartTime === null ? NO_SESSION_YET : formatDateTime(statistics.lastSessionStartTime),
  },
  { key: "level", label: "Level played", value: difficulty === null ? NOT_AVAILABLE : difficultyLabel(difficulty) },
  {
    key: "score",
    label: "Latest score",
    value: latest === null ? NOT_AVAILABLE : pointsText(latest.total_score),
  },
  {
    key: "accuracy",
    label: "Latest accuracy",
    value: latest === null ? NOT_AVAILABLE : formatPercentage(latest.accuracy_percentage),
    ...(latest === null ? {} : { detail: { text: `Session of ${formatDateTime(latest.start_time)}` } }),
  },
];

// Statistics with nothing in them, only to lay the tiles out (their values are replaced).
const NO_FIGURES: GameStatistics = {
  lastSessionStartTime: null,
  timeThisWeekSeconds: null,
  totalTimeSeconds: null,
  game: { id: GameId.make(1), name: "" },
  percentageChangeThisWeek: null,
  trend: TREND.none,
};

/** What a tile shows before its figure is in. */
export const FIGURE_PENDING = "…";

/**
 * The overview's tiles as they stand while their figures load: the same tiles, labels and detail
 * lines, each value pending, so the page keeps the tiles' place and nothing below them moves when
 * the figures arrive (issue 35, layout shift). Never read aloud: the page hides them from screen
 * readers, whose status line says the figures are loading.
 */
export const pendingOverviewTiles = (): readonly OverviewTile[] =>
  overviewTiles({
    statistics: NO_FIGURES,
    difficulty: null,
    latest: null,
  }).map((tile) => ({
    ...tile,
    value: FIGURE_PENDING,
    // The loaded week and accuracy tiles carry a line below their figure; the pending ones keep its place.
    ...(tile.key === "week" || tile.key === "accuracy" ? { detail: { text: FIGURE_PENDING } } : {}),
  }));
