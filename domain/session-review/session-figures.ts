import * as Schema from "effect/Schema";
import { GameSessionId } from "../shared/ids.ts";
import { GameMetricsWire } from "./session-detail-wire.ts";
import type { JsonObject } from "./session-totals.ts";

/**
 * The figures of the session detail a correction can move (docs/session-review-api.md): points,
 * accuracy and the game's metrics, each with its change against the session played just before on
 * the same level, and the time per item (verbal fluency's is per correct word, so it moves with
 * the word lists). The detail computes them this way, and the correction's answer carries them.
 */

/** Signed percent change against the previous session; none without one, or when it had 0. */
export const percentageChange = (current: number | null, previous: number | null | undefined): number | null => {
  if (current === null || previous === null || previous === undefined || previous === 0) return null;
  const change = ((current - previous) / previous) * 100;
  return Number.isFinite(change) ? change : null;
};

const finiteOrNull = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/**
 * Seconds per item: per correct word for verbal fluency (none without words), per challenge for
 * every other game (docs/attempt-mapping.md, avg_duration_per_content).
 */
export const averagePerContent = (gameType: string, duration: number | null, metrics: JsonObject, challengeCount: number): number | null => {
  if (duration === null) return null;
  if (gameType === "verbal_fluency") {
    const words = finiteOrNull(metrics.words_count);
    return words === null || words <= 0 ? null : duration / words;
  }
  return challengeCount <= 0 ? null : duration / challengeCount;
};

/** What the figures read of a session: its stored totals, duration and challenge count. */
export type StoredSessionFigures = {
  readonly totalScore: number | null;
  readonly accuracyPercentage: number | null;
  readonly durationSeconds: number | null;
  readonly metrics: JsonObject;
  readonly challengeCount: number;
};

const NullableNumber = Schema.NullOr(Schema.Finite);

/** The session's figures a correction moves, as the detail and the correction's answer write them. */
export const SessionFiguresWire = Schema.Struct({
  total_score: NullableNumber,
  total_score_percentage_change: NullableNumber,
  accuracy_percentage: NullableNumber,
  accuracy_percentage_change: NullableNumber,
  avg_duration_per_content: NullableNumber,
  avg_duration_per_content_percentage_change: NullableNumber,
  game_metrics: GameMetricsWire,
});
export type SessionFiguresWire = typeof SessionFiguresWire.Type;

/** The answer's `session`: which session, and its figures as they stand after the correction. */
export const CorrectedSessionWire = Schema.Struct({ id: GameSessionId, ...SessionFiguresWire.fields });
export type CorrectedSessionWire = typeof CorrectedSessionWire.Type;

/** A session's figures from its stored values and those of the session before it (null: none). */
export const sessionFigures = (gameType: string, session: StoredSessionFigures, previous: StoredSessionFigures | null): typeof SessionFiguresWire.Encoded => {
  const average = averagePerContent(gameType, session.durationSeconds, session.metrics, session.challengeCount);
  const previousAverage =
    previous === null || previous.durationSeconds === null ? null : averagePerContent(gameType, previous.durationSeconds, previous.metrics, previous.challengeCount);
  return {
    total_score: session.totalScore,
    total_score_percentage_change: percentageChange(session.totalScore, previous?.totalScore),
    accuracy_percentage: session.accuracyPercentage,
    accuracy_percentage_change: percentageChange(session.accuracyPercentage, previous?.accuracyPercentage),
    avg_duration_per_content: average,
    avg_duration_per_content_percentage_change: percentageChange(average, previousAverage),
    game_metrics: {
      ...(gameType === "verbal_fluency" ? { words_count: finiteOrNull(session.metrics.words_count) } : {}),
      ...(gameType === "memory_grid" ? { success_rate: finiteOrNull(session.metrics.success_rate) } : {}),
    },
  };
};
