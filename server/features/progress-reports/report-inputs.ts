import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { RatingFacts } from "../../../domain/communication-ratings/index.ts";
import { DEFAULT_DUE_RULE, type DueRule, type ReportInputs, type ReportPeriod } from "../../../domain/progress-reports/index.ts";
import type { Database } from "../../db/database.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { communicationRatings } from "../../db/schema/communication-ratings.ts";
import { goals } from "../../db/schema/goals.ts";
import { progressReportSettings } from "../../db/schema/progress-reports.ts";
import { rtmTimeEntries } from "../../db/schema/time-log.ts";
import { factsOfRow, patientGoalSessions } from "../goals/index.ts";

/** The institution's report rule: when reports fall due and whether an NPI is asked (absent: every 30 calendar days, no NPI). */
export type ReportSettings = { readonly rule: DueRule; readonly npiRequired: boolean };

export const reportSettings = async (db: Database, institutionId: number): Promise<ReportSettings> => {
  const [row] = await db.select().from(progressReportSettings).where(eq(progressReportSettings.institutionId, institutionId)).limit(1);
  return row === undefined ? { rule: DEFAULT_DUE_RULE, npiRequired: false } : { rule: { kind: row.dueKind, every: row.dueEvery }, npiRequired: row.npiRequired };
};

const dayIn = (column: unknown, timeZone: string) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/** The days with clinician time logged for the patient (removed entries left out), each once, oldest first. */
export const treatmentDays = async (db: Database, patientId: number, timeZone: string): Promise<readonly string[]> => {
  const day = dayIn(rtmTimeEntries.startedAt, timeZone);
  const rows = await db
    .selectDistinct({ day })
    .from(rtmTimeEntries)
    .where(and(eq(rtmTimeEntries.patientId, patientId), isNull(rtmTimeEntries.deletedAt)));
  // Sorted here: ORDER BY the same expression with its zone as another parameter is, to PostgreSQL, not the DISTINCT's expression (an error).
  return rows.map((row) => row.day).sort();
};

/**
 * Everything the draft reads of a patient (domain/progress-reports/report-draft.ts): the goals,
 * every session once (the baselines may lie before the period), the live assignments, the time
 * log's entries and the ratings. Five indexed reads of one patient's rows.
 */
export const reportInputs = async (db: Database, patientId: number, timeZone: string, period: ReportPeriod): Promise<ReportInputs> => {
  const goalRows = await db.select().from(goals).where(eq(goals.patientId, patientId)).orderBy(asc(goals.id));
  const sessions = await patientGoalSessions(db, patientId, timeZone);
  const assignments = await db
    .select({ assignedOn: dayIn(patientGameLevels.assignedAt, timeZone), sessionsPerDay: patientGameLevels.minRepetitionsPerDay })
    .from(patientGameLevels)
    .where(and(eq(patientGameLevels.patientId, patientId), eq(patientGameLevels.isActive, true), isNull(patientGameLevels.pausedByInstitutionAt)));
  const timeEntries = await db
    .select({ day: dayIn(rtmTimeEntries.startedAt, timeZone), minutes: rtmTimeEntries.minutes })
    .from(rtmTimeEntries)
    .where(and(eq(rtmTimeEntries.patientId, patientId), isNull(rtmTimeEntries.deletedAt)));
  const ratingRows = await db
    .select({ id: communicationRatings.id, scale: communicationRatings.scale, level: communicationRatings.level, ratedOn: communicationRatings.ratedOn, recordedAt: communicationRatings.recordedAt })
    .from(communicationRatings)
    .where(eq(communicationRatings.patientId, patientId));
  const ratings: RatingFacts[] = ratingRows.map((row) => ({ id: row.id, scale: row.scale as RatingFacts["scale"], level: row.level, rated_on: row.ratedOn, recorded_at: row.recordedAt.toISOString() }));
  return {
    period,
    goals: goalRows.map((row) => ({ id: row.id, label: row.label, statement: row.statement, facts: factsOfRow(row) })),
    sessions,
    assignments: assignments.map((row) => ({ ...row, endedOn: null })),
    timeEntries,
    ratings,
  };
};

/** The ids of the patient's goals started by the period's end: each must be addressed to sign. */
export const goalIdsOfPeriod = async (db: Database, patientId: number, periodEnd: string): Promise<readonly number[]> => {
  const rows = await db.select({ id: goals.id }).from(goals).where(and(eq(goals.patientId, patientId), sql`${goals.startDate} <= ${periodEnd}`));
  return rows.map((row) => row.id);
};
