import { formatDate, formatDateTime } from "../shared/format/date.ts";
import { formatDuration } from "../shared/format/duration.ts";
import { formatPercentage, toFiniteNumber } from "../shared/format/percentage.ts";
import { roundToOneDecimal } from "../shared/format/round.ts";
import type { GameSessionId } from "../shared/ids.ts";
import type { SessionListItemWire } from "./session-list-wire.ts";

/** One session on the progress chart: when it started, its accuracy in percent and its time in seconds (either may be missing). */
export type ProgressPoint = {
  readonly sessionId: GameSessionId;
  readonly startTime: string;
  /** The start as shown (MM/dd/yyyy h:mm a, or 'Invalid date'). */
  readonly startLabel: string;
  readonly accuracyPercent: number | null;
  readonly durationSeconds: number | null;
};

const shown = (value: number | null): number | null => (value === null ? null : roundToOneDecimal(value));

/**
 * Progress reads left to right from the oldest session to the newest (the list comes newest
 * first); accuracy and time are the rounded figures the table shows, and a missing or negative
 * figure is a gap, never a zero that would look like a bad session.
 */
export const progressPoints = (newestFirst: readonly SessionListItemWire[]): readonly ProgressPoint[] =>
  [...newestFirst].reverse().map((session) => {
    const duration = toFiniteNumber(session.duration);
    return {
      sessionId: session.id,
      startTime: session.start_time,
      startLabel: formatDateTime(session.start_time),
      accuracyPercent: shown(toFiniteNumber(session.accuracy_percentage)),
      durationSeconds: duration === null || duration < 0 ? null : shown(duration),
    };
  });

type SeriesFacts = { readonly first: number; readonly last: number; readonly low: number; readonly high: number };

const factsOf = (values: readonly (number | null)[]): SeriesFacts | null => {
  const present = values.filter((value): value is number => value !== null);
  const first = present[0];
  const last = present.at(-1);
  if (first === undefined || last === undefined) return null;
  return { first, last, low: Math.min(...present), high: Math.max(...present) };
};

const seriesSentence = (name: string, facts: SeriesFacts | null, format: (value: number) => string): string =>
  facts === null
    ? `${name}: not recorded.`
    : facts.low === facts.high
      ? `${name}: ${format(facts.first)} every time.`
      : `${name}: from ${format(facts.first)} to ${format(facts.last)}, lowest ${format(facts.low)}, highest ${format(facts.high)}.`;

const sessionsWord = (count: number): string => (count === 1 ? "1 session" : `${count} sessions`);

/**
 * What a listener needs of the progress chart without seeing it: how many sessions over which
 * dates, then for accuracy and for time the first and the latest value and the range between.
 */
export const progressSummary = (points: readonly ProgressPoint[]): string => {
  const first = points[0];
  const last = points.at(-1);
  if (first === undefined || last === undefined) return "No sessions played yet.";
  const span =
    points.length === 1
      ? `1 session, on ${formatDate(first.startTime)}.`
      : `${sessionsWord(points.length)} from ${formatDate(first.startTime)} to ${formatDate(last.startTime)}, oldest first.`;
  return [
    `Accuracy and time across ${span}`,
    seriesSentence("Accuracy", factsOf(points.map((point) => point.accuracyPercent)), formatPercentage),
    seriesSentence("Time", factsOf(points.map((point) => point.durationSeconds)), formatDuration),
  ].join(" ");
};
