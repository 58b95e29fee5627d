import { dayLabel } from "../shared/calendar/labels.ts";
import type { CalendarDay } from "../shared/calendar/zone.ts";
import { GameSessionId } from "../shared/ids.ts";
import { GOAL_STATUS_NAMES, type GoalCriterion } from "./goal-criterion.ts";
import type { GoalProgress } from "./goal-progress.ts";
import type { GoalProgressWire } from "./goals-wire.ts";

const percent = (value: number): string => `${value}%`;

/** The engine's verdict as the wire carries it. */
export const progressToWire = (progress: GoalProgress): GoalProgressWire => ({
  status: progress.status,
  baseline:
    progress.baseline === null
      ? null
      : { value: progress.baseline.value, source: progress.baseline.source, sessions: progress.baseline.sessionIds.map((id) => GameSessionId.make(id)) },
  current: progress.current,
  current_sessions: progress.currentSessionIds.map((id) => GameSessionId.make(id)),
  achieved_on: progress.achievedOn,
  points: progress.sessions.map((session) => ({
    session: GameSessionId.make(session.id),
    start_time: session.startTime,
    day: session.day,
    level: session.level,
    accuracy: session.accuracy,
    meets: session.meets,
  })),
});

/** Baseline -> current -> target in words: "Baseline 40% (entered) -> current 62.5% -> target 80%". */
export const baselineCurrentTarget = (progress: GoalProgressWire, criterion: Pick<GoalCriterion, "minAccuracy">): string => {
  const baseline =
    progress.baseline === null ? "no baseline" : `baseline ${percent(progress.baseline.value)}${progress.baseline.source === "entered" ? " (entered)" : ` (from ${progress.baseline.sessions.length} sessions before the start)`}`;
  const current = progress.current === null ? "no sessions since the start" : `current ${percent(progress.current)}`;
  const text = `${baseline} -> ${current} -> target ${percent(criterion.minAccuracy)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const sessionsWord = (count: number): string => (count === 1 ? "1 session" : `${count} sessions`);

/**
 * The chart in one sentence, for a listener and for a report: the status, how many sessions
 * since the start, how many met the target, and where the measure went against the baseline.
 */
export const goalSummary = (label: string, progress: GoalProgressWire, criterion: Pick<GoalCriterion, "minAccuracy">, dueDate: CalendarDay): string => {
  const status = GOAL_STATUS_NAMES[progress.status].toLowerCase();
  const points = progress.points;
  const meeting = points.filter((point) => point.meets).length;
  if (points.length === 0) return `${label} is ${status}: no measured sessions since the start yet; target ${percent(criterion.minAccuracy)} by ${dayLabel(dueDate)}.`;
  const achieved = progress.achieved_on === null ? "" : `, criterion first met on ${dayLabel(progress.achieved_on)}`;
  return `${label} is ${status}: ${sessionsWord(points.length)} since the start, ${meeting} at or above the ${percent(criterion.minAccuracy)} target, latest window ${progress.current === null ? "none" : percent(progress.current)} against a baseline of ${progress.baseline === null ? "none" : percent(progress.baseline.value)}${achieved}.`;
};
