import { addDays, daysBetween } from "../billing/index.ts";
import { scaleStandings, type RatingFacts } from "../communication-ratings/index.ts";
import { type GoalFacts, type GoalSession, GoalId, criterionInWords, goalProgress, measuredSessions } from "../goals/index.ts";
import { dayLabel } from "../shared/calendar/labels.ts";
import type { CalendarDay } from "../shared/calendar/zone.ts";
import { GameSessionId } from "../shared/ids.ts";
import type { ReportAdherence, ReportDrafted, ReportGoal, ReportPeriod, ReportRating, ReportSlpFields } from "./report-wire.ts";

/** A goal as the draft reads it: its record facts and words. */
export type ReportGoalInput = {
  readonly id: number;
  readonly label: string;
  readonly statement: string;
  readonly facts: GoalFacts;
};

/** A live exercise assignment: from the day it was assigned, at least this many sessions a day. */
export type ReportAssignment = { readonly assignedOn: CalendarDay; readonly sessionsPerDay: number; readonly endedOn: CalendarDay | null };

/** A clinician's time entry: the day (institution's zone) and its minutes. */
export type ReportTimeEntry = { readonly day: CalendarDay; readonly minutes: number };

export type ReportInputs = {
  readonly period: ReportPeriod;
  readonly goals: readonly ReportGoalInput[];
  /** Every session of the patient (the baseline may lie before the period). */
  readonly sessions: readonly GoalSession[];
  readonly assignments: readonly ReportAssignment[];
  readonly timeEntries: readonly ReportTimeEntry[];
  readonly ratings: readonly RatingFacts[];
};

export const BLANK_SLP_FIELDS: ReportSlpFields = { assessment: "", plan: "", goal_changes: "", credentials: "", npi: "" };

const inPeriod = (period: ReportPeriod, day: CalendarDay): boolean => day >= period.start && day <= period.end;

/** The goals a report addresses: those started by the period's end. */
export const goalsOfPeriod = <G extends { readonly facts: Pick<GoalFacts, "startDate"> }>(goals: readonly G[], period: ReportPeriod): G[] =>
  goals.filter((goal) => goal.facts.startDate <= period.end);

/** A goal's verdict at the period's end, judged only on the sessions up to that day (a later session cannot change a past report). */
const goalSection = (goal: ReportGoalInput, period: ReportPeriod, sessions: readonly GoalSession[]): ReportGoal => {
  const upToEnd = sessions.filter((session) => session.day <= period.end);
  const progress = goalProgress(goal.facts, upToEnd, period.end);
  return {
    goal: GoalId.make(goal.id),
    label: goal.label,
    statement: goal.statement,
    criterion: criterionInWords(goal.facts.criterion, dayLabel(goal.facts.dueDate)),
    target: goal.facts.criterion.minAccuracy,
    baseline: progress.baseline === null ? null : { value: progress.baseline.value, source: progress.baseline.source },
    current: progress.current,
    status: progress.status,
    achieved_on: progress.achievedOn,
    verdict_sessions: progress.currentSessionIds.map((id) => GameSessionId.make(id)),
    sessions: measuredSessions(goal.facts.criterion, upToEnd)
      .filter((session) => inPeriod(period, session.day))
      .map((session) => ({ session: GameSessionId.make(session.id), day: session.day, accuracy: session.accuracy, meets: session.meets })),
  };
};

/** Sessions assigned over the period: each assignment's daily minimum times the days it was live inside the period. */
export const assignedSessions = (assignments: readonly ReportAssignment[], period: ReportPeriod): number =>
  assignments.reduce((total, assignment) => {
    const from = assignment.assignedOn > period.start ? assignment.assignedOn : period.start;
    const lastLive = assignment.endedOn === null ? period.end : addDays(assignment.endedOn, -1);
    const to = lastLive < period.end ? lastLive : period.end;
    return from > to ? total : total + assignment.sessionsPerDay * (daysBetween(from, to) + 1);
  }, 0);

/** Adherence over the period (a data day: a day with at least one session, as RTM counts it). */
export const adherenceOf = (inputs: Pick<ReportInputs, "period" | "sessions" | "assignments" | "timeEntries">): ReportAdherence => {
  const played = inputs.sessions.filter((session) => inPeriod(inputs.period, session.day));
  return {
    sessions_done: played.length,
    sessions_assigned: assignedSessions(inputs.assignments, inputs.period),
    data_days: new Set(played.map((session) => session.day)).size,
    clinician_minutes: inputs.timeEntries.filter((entry) => inPeriod(inputs.period, entry.day)).reduce((sum, entry) => sum + entry.minutes, 0),
  };
};

/** Each rated scale's standing at the period's end (ratings after it are left out). */
export const ratingsOf = (ratings: readonly RatingFacts[], period: ReportPeriod): ReportRating[] =>
  scaleStandings(ratings.filter((rating) => rating.rated_on <= period.end)).flatMap((standing) =>
    standing.latest === null
      ? []
      : [
          {
            scale: standing.scale,
            level: standing.latest.level,
            rated_on: standing.latest.rated_on,
            previous_level: standing.previous?.level ?? null,
            previous_on: standing.previous?.rated_on ?? null,
          },
        ],
  );

/**
 * The drafted part of a progress report (docs/progress-reports.md): for each goal started by the
 * period's end, baseline, current value and verdict with the sessions it rests on; adherence; the
 * communication ratings and their change. Pure: the same inputs always draft the same content.
 */
export const draftReport = (inputs: ReportInputs): ReportDrafted => ({
  period: inputs.period,
  goals: goalsOfPeriod(inputs.goals, inputs.period).map((goal) => goalSection(goal, inputs.period, inputs.sessions)),
  adherence: adherenceOf(inputs),
  ratings: ratingsOf(inputs.ratings, inputs.period),
});
