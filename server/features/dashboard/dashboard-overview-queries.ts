import { type SQL, and, asc, eq, gt, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { displayNames } from "../../../domain/shared/format/names.ts";
import type { InstitutionId, PatientId, StaffId } from "../../../domain/shared/ids.ts";
import { PATIENT_STATUS } from "../../../domain/shared/statuses/patient-status.ts";
import { STAFF_STATUS } from "../../../domain/shared/statuses/staff-status.ts";
import { INACTIVE_PATIENTS_LISTED, type InactivePatient, type InstitutionOverview, type OverviewFigures } from "../../../domain/dashboard/dashboard-overview-wire.ts";
import type { Database } from "../../db/database.ts";
import { PLANNED_PER_CALL, preparedOnce } from "../../db/prepared.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patientActivity } from "../../db/schema/patient-activity.ts";
import { patientCounts, patientLastSessionDays, patients } from "../../db/schema/patients.ts";
import { gameSessions, sessionBuckets } from "../../db/schema/sessions.ts";
import { staff, users } from "../../db/schema/users.ts";
import { splitWeek } from "./week-buckets.ts";

// The overview's figures (docs/dashboard.md): read from the counters kept on write, never by
// aggregating every session of an institution on each request.

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

// Every query here is built once per database and shape (server/db/prepared.ts): what varies is a
// placeholder, so drizzle does not rebuild it per call. Unnamed (PLANNED_PER_CALL): PostgreSQL plans
// it on every call with that call's time range, as it did when the values were written in.
const INSTITUTION = sql.placeholder("institutionId");
const NOW = sql.placeholder("now");
const PERIOD_START = sql.placeholder("periodStart");
const PERIOD_START_TEXT = sql`${sql.placeholder("periodStartText")}::timestamptz`;
const FIRST_DAY = sql`${sql.placeholder("firstDay")}::date`;
const FIRST_DAY_START = sql`${sql.placeholder("firstDayStart")}::timestamptz`;

/** The patients of one institution, or of all (the super administrator's overview). */
const ofInstitution = (everyInstitution: boolean) => (everyInstitution ? undefined : eq(patients.institutionId, INSTITUTION));

/**
 * Active live patients whose latest session (patient_activity.last_session_at, kept on write) started
 * at or before the week's start, or who never played: a range of patient_activity_quiet_idx per institution.
 */
const quietPatient = () =>
  and(
    isNull(patientActivity.archivedAt),
    eq(patientActivity.status, PATIENT_STATUS.active),
    sql`(${patientActivity.lastSessionAt} is null or ${patientActivity.lastSessionAt} <= ${PERIOD_START_TEXT})`,
  );

/**
 * How many of the institution's active live patients are without activity: those whose latest
 * session fell on a UTC day before the week's first (or who never played) summed from
 * patient_last_session_days (kept on write), plus those of the week's first day up to its start,
 * counted from patient_activity_quiet_idx. Per institution row, so each reads only its own index range.
 */
const quietPatientCount = () =>
  sql<number>`(
    (select coalesce(sum(${patientLastSessionDays.patients}), 0) from ${patientLastSessionDays}
      where ${patientLastSessionDays.institutionId} = ${institutions.id} and ${patientLastSessionDays.day} < ${FIRST_DAY})
    + (select count(*) from ${patientActivity}
      where ${patientActivity.institutionId} = ${institutions.id} and ${patientActivity.archivedAt} is null and ${patientActivity.status} = ${PATIENT_STATUS.active}
        and ${patientActivity.lastSessionAt} >= ${FIRST_DAY_START} and ${patientActivity.lastSessionAt} <= ${PERIOD_START_TEXT}))`.mapWith(Number);

/** The figures query of one shape: every institution's (the super administrator's) or one's. */
const figuresQuery = (db: Database, everyInstitution: boolean) => {
  const institutionId = everyInstitution ? undefined : INSTITUTION;
  const wholeInstitution = eq(patientCounts.staffKey, -1);
  const patientFigures = db
    .select({
      institutionId: patientCounts.institutionId,
      active: sql<number>`sum(${patientCounts.total}) filter (where ${patientCounts.status} = ${PATIENT_STATUS.active})`.as("patients_active"),
      pending: sql<number>`sum(${patientCounts.total}) filter (where ${patientCounts.status} = ${PATIENT_STATUS.pending})`.as("patients_pending"),
      inactive: sql<number>`sum(${patientCounts.total}) filter (where ${patientCounts.status} = ${PATIENT_STATUS.inactive})`.as("patients_inactive"),
    })
    .from(patientCounts)
    .where(and(wholeInstitution, institutionId === undefined ? undefined : eq(patientCounts.institutionId, institutionId)))
    .groupBy(patientCounts.institutionId)
    .as("patient_figures");
  // A deleted SLP keeps their staff row (their reviews still name them) but no longer counts.
  const slpFigures = db
    .select({
      institutionId: staff.institutionId,
      active: countWhere(eq(staff.status, STAFF_STATUS.active)).as("slps_active"),
      pending: countWhere(eq(staff.status, STAFF_STATUS.pending)).as("slps_pending"),
      inactive: countWhere(eq(staff.status, STAFF_STATUS.inactive)).as("slps_inactive"),
    })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .where(and(isNull(users.archivedAt), institutionId === undefined ? undefined : eq(staff.institutionId, institutionId)))
    .groupBy(staff.institutionId)
    .as("slp_figures");
  const firstWhole = sql.placeholder("firstWhole");
  const endWhole = sql.placeholder("endWhole");
  const wholeBuckets = db
    .select({
      institutionId: sessionBuckets.institutionId,
      played: sql<number>`sum(${sessionBuckets.sessions})`.as("played"),
      awaitingReview: sql<number>`sum(${sessionBuckets.awaitingReview})`.as("awaiting_review"),
    })
    .from(sessionBuckets)
    .where(
      and(
        gte(sessionBuckets.bucketStart, firstWhole),
        lt(sessionBuckets.bucketStart, endWhole),
        institutionId === undefined ? undefined : eq(sessionBuckets.institutionId, institutionId),
      ),
    )
    .groupBy(sessionBuckets.institutionId);
  const partialEnds = db
    .select({
      institutionId: patients.institutionId,
      played: sql<number>`count(*)`.as("played"),
      awaitingReview: countWhere(sql`not ${gameSessions.reviewed}`).as("awaiting_review"),
    })
    .from(gameSessions)
    .innerJoin(patients, eq(patients.id, gameSessions.patientId))
    .where(
      and(
        isNull(patients.archivedAt),
        or(
          and(gt(gameSessions.startTime, PERIOD_START), lt(gameSessions.startTime, firstWhole)),
          and(gte(gameSessions.startTime, endWhole), lte(gameSessions.startTime, NOW)),
        ),
        ofInstitution(everyInstitution),
      ),
    )
    .groupBy(patients.institutionId);
  const weekParts = unionAll(wholeBuckets, partialEnds).as("week_parts");
  const sessionFigures = db
    .select({
      institutionId: weekParts.institutionId,
      played: sql<number>`sum(${weekParts.played})`.as("sessions_played"),
      awaitingReview: sql<number>`sum(${weekParts.awaitingReview})`.as("sessions_awaiting_review"),
    })
    .from(weekParts)
    .groupBy(weekParts.institutionId)
    .as("session_figures");
  const zero = (value: SQL.Aliased<number> | number) => sql<number>`coalesce(${value}, 0)`.mapWith(Number);
  return db
    .select({
      id: institutions.id,
      name: institutions.name,
      patientsActive: zero(patientFigures.active),
      patientsPending: zero(patientFigures.pending),
      patientsInactive: zero(patientFigures.inactive),
      withoutActivity: quietPatientCount(),
      slpsActive: zero(slpFigures.active),
      slpsPending: zero(slpFigures.pending),
      slpsInactive: zero(slpFigures.inactive),
      played: zero(sessionFigures.played),
      awaitingReview: zero(sessionFigures.awaitingReview),
    })
    .from(institutions)
    .leftJoin(patientFigures, eq(patientFigures.institutionId, institutions.id))
    .leftJoin(slpFigures, eq(slpFigures.institutionId, institutions.id))
    .leftJoin(sessionFigures, eq(sessionFigures.institutionId, institutions.id))
    .where(institutionId === undefined ? undefined : eq(institutions.id, institutionId))
    .orderBy(asc(sql`lower(${institutions.name})`), asc(institutions.id));
};

const everyInstitutionFigures = preparedOnce((db) => figuresQuery(db, true).prepare(PLANNED_PER_CALL));
const oneInstitutionFigures = preparedOnce((db) => figuresQuery(db, false).prepare(PLANNED_PER_CALL));

/** The placeholders' values of a week ending `now` (the texts as the queries compare them). */
const weekValues = (now: Date, periodStart: Date) => {
  const { firstWhole, endWhole } = splitWeek(periodStart, now);
  const firstDay = periodStart.toISOString().slice(0, 10);
  return { now, periodStart, periodStartText: periodStart.toISOString(), firstDay, firstDayStart: `${firstDay}T00:00:00.000Z`, firstWhole, endWhole };
};

/**
 * The figures of every institution in scope, one row each, from the counters kept on write
 * (docs/database.md, "Counters kept on write"): patients by status from patient_counts, the quiet
 * patients from patient_last_session_days (quietPatientCount), the week's sessions from
 * session_buckets' whole five minutes plus the two partial ones at the week's ends from
 * game_sessions_start_idx. Nothing here grows
 * with the institution's history.
 */
export const institutionFigures = async (
  db: Database,
  institutionId: InstitutionId | null,
  now: Date,
  periodStart: Date,
): Promise<InstitutionOverview[]> => {
  const week = weekValues(now, periodStart);
  const rows = institutionId === null ? await everyInstitutionFigures(db).execute(week) : await oneInstitutionFigures(db).execute({ ...week, institutionId });
  return rows.map((row) => ({
    id: row.id as InstitutionId,
    name: row.name,
    patients: { active: row.patientsActive, pending: row.patientsPending, inactive: row.patientsInactive },
    slps: { active: row.slpsActive, pending: row.slpsPending, inactive: row.slpsInactive },
    sessions_played: row.played,
    sessions_awaiting_review: row.awaitingReview,
    patients_without_activity: row.withoutActivity,
  }));
};

const ZERO_FIGURES: OverviewFigures = {
  patients: { active: 0, pending: 0, inactive: 0 },
  slps: { active: 0, pending: 0, inactive: 0 },
  sessions_played: 0,
  sessions_awaiting_review: 0,
  patients_without_activity: 0,
};

/** Sums institution rows (already aggregated in SQL, so at most one row per institution). */
export const sumFigures = (rows: readonly OverviewFigures[]): OverviewFigures =>
  rows.reduce<OverviewFigures>(
    (sum, row) => ({
      patients: {
        active: sum.patients.active + row.patients.active,
        pending: sum.patients.pending + row.patients.pending,
        inactive: sum.patients.inactive + row.patients.inactive,
      },
      slps: {
        active: sum.slps.active + row.slps.active,
        pending: sum.slps.pending + row.slps.pending,
        inactive: sum.slps.inactive + row.slps.inactive,
      },
      sessions_played: sum.sessions_played + row.sessions_played,
      sessions_awaiting_review: sum.sessions_awaiting_review + row.sessions_awaiting_review,
      patients_without_activity: sum.patients_without_activity + row.patients_without_activity,
    }),
    ZERO_FIGURES,
  );

const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

// The head of the quiet patients, built once per database.
const inactivePatientsQuery = preparedOnce((db) =>
  db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      lastSessionAt: sql<string | null>`to_char(${patientActivity.lastSessionAt} at time zone 'UTC', ${sql.raw(ISO_UTC)})`,
      staffId: staff.id,
      staffFirstName: users.firstName,
      staffLastName: users.lastName,
    })
    .from(patientActivity)
    .innerJoin(patients, eq(patients.id, patientActivity.patientId))
    .leftJoin(staff, eq(staff.id, patients.assignedStaffId))
    .leftJoin(users, eq(users.id, staff.userId))
    .where(and(eq(patientActivity.institutionId, INSTITUTION), quietPatient()))
    .orderBy(sql`${patientActivity.lastSessionAt} asc nulls first`, asc(patientActivity.patientId))
    .limit(INACTIVE_PATIENTS_LISTED)
    .prepare(PLANNED_PER_CALL),
);

/** The active patients longest without a session (never-played first), with their SLP: the head of patient_activity_quiet_idx. */
export const inactivePatients = async (
  db: Database,
  institutionId: InstitutionId,
  periodStart: Date,
): Promise<InactivePatient[]> => {
  const rows = await inactivePatientsQuery(db).execute({ institutionId, periodStartText: periodStart.toISOString() });
  return rows.map((row) => {
    const names = displayNames(row.firstName, row.lastName);
    const slpNames = row.staffId === null ? null : displayNames(row.staffFirstName, row.staffLastName);
    return {
      id: row.id as PatientId,
      first_name: names.firstName,
      last_name: names.lastName,
      last_session_at: row.lastSessionAt,
      assigned_slp:
        row.staffId === null || slpNames === null
          ? null
          : { id: row.staffId as StaffId, first_name: slpNames.firstName, last_name: slpNames.lastName },
    };
  });
};
