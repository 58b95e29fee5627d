import { RATING_SCALE_NAMES } from "../communication-ratings/index.ts";
import { GOAL_STATUS_NAMES } from "../goals/index.ts";
import { dayLabel } from "../shared/calendar/labels.ts";
import type { ReportAdherence, ReportGoal, ReportPeriod, ReportRating } from "./report-wire.ts";

// The words a report is read in, shared by the page, the print and the plain text, so they never disagree.

const percent = (value: number | null): string => (value === null ? "Not available" : `${value}%`);

export const periodWords = (period: ReportPeriod): string => `${dayLabel(period.start)} to ${dayLabel(period.end)}`;

export const baselineWords = (goal: ReportGoal): string =>
  goal.baseline === null ? "Not available" : `${percent(goal.baseline.value)} (${goal.baseline.source === "entered" ? "entered by the SLP" : "from sessions before the start"})`;

export const currentWords = (goal: ReportGoal): string => percent(goal.current);

/** The verdict in words with the sessions it rests on: "Improving, from the latest 3 sessions". */
export const verdictWords = (goal: ReportGoal): string => {
  const count = goal.verdict_sessions.length;
  const rests = count === 0 ? "no measured session yet" : count === 1 ? "from the latest session" : `from the latest ${count} sessions`;
  const met = goal.achieved_on === null ? "" : `; criterion first met on ${dayLabel(goal.achieved_on)}`;
  return `${GOAL_STATUS_NAMES[goal.status]}, ${rests}${met}`;
};

export const adherenceLines = (adherence: ReportAdherence): readonly (readonly [string, string])[] => [
  ["Sessions done of assigned", `${adherence.sessions_done} of ${adherence.sessions_assigned}`],
  ["RTM data days", String(adherence.data_days)],
  ["Clinician minutes", String(adherence.clinician_minutes)],
];

export const scaleName = (rating: ReportRating): string => RATING_SCALE_NAMES[rating.scale];

/** A rating's change in words, the direction spelt out: "Up 2 levels since Jan 5, 2026". */
export const ratingChangeWords = (rating: ReportRating): string => {
  if (rating.previous_level === null || rating.previous_on === null) return "First rating";
  const change = rating.level - rating.previous_level;
  const since = `since ${dayLabel(rating.previous_on)}`;
  const levels = (count: number): string => (count === 1 ? "1 level" : `${count} levels`);
  return change === 0 ? `No change ${since}` : change > 0 ? `Up ${levels(change)} ${since}` : `Down ${levels(-change)} ${since}`;
};
