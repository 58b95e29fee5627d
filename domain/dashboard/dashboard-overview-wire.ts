import * as Schema from "effect/Schema";
import { InstitutionId, PatientId } from "../shared/ids.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import { Count } from "../shared/wire/paged.ts";
import { AssignedStaff } from "../patients/index.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import { boundedText, PersonName } from "../shared/wire/text-fields.ts";

/** The overview looks back one week: what happened since this time last week. */
export const OVERVIEW_PERIOD_DAYS = 7;

/** At most this many patients without activity are named; the figure counts them all. */
export const INACTIVE_PATIENTS_LISTED = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The week the overview reports on ends at `now` and starts exactly seven days (168 hours) earlier;
 * a session counts for the week only if it started strictly after that start, so a patient whose
 * latest session was exactly seven days ago is "without activity".
 */
export const overviewPeriodStart = (now: Date, days: number = OVERVIEW_PERIOD_DAYS): Date =>
  new Date(now.getTime() - days * DAY_MS);

/** GET dashboard/overview query: the super administrator may narrow the overview to one institution. */
export const DashboardOverviewQuery = Schema.Struct({
  institution: Schema.optionalKey(idFromUrl(InstitutionId)),
});
export type DashboardOverviewQuery = typeof DashboardOverviewQuery.Type;

/** How many accounts of one kind are active, pending (not yet signed in) and inactive. */
export const StatusCounts = Schema.Struct({
  active: Count,
  pending: Count,
  inactive: Count,
});
export type StatusCounts = typeof StatusCounts.Type;

/** The overview's figures for one institution or for all of them: counts only, never names. */
export const OverviewFigures = Schema.Struct({
  patients: StatusCounts,
  slps: StatusCounts,
  sessions_played: Count,
  sessions_awaiting_review: Count,
  patients_without_activity: Count,
});
export type OverviewFigures = typeof OverviewFigures.Type;

/** One institution's row of the overview: its id and name, then its figures. */
export const InstitutionOverview = Schema.Struct({
  id: InstitutionId,
  name: boundedText(255),
  ...OverviewFigures.fields,
});
export type InstitutionOverview = typeof InstitutionOverview.Type;

/** An active patient with no session this week: who, when they last played (null if never) and their SLP. */
export const InactivePatient = Schema.Struct({
  id: PatientId,
  first_name: PersonName,
  last_name: PersonName,
  last_session_at: Schema.NullOr(IsoDateTime),
  assigned_slp: Schema.NullOr(AssignedStaff),
});
export type InactivePatient = typeof InactivePatient.Type;

/**
 * GET dashboard/overview response: the week's figures, summed (`totals`) and per institution, and
 * for institution-scoped callers the patients longest without activity (always empty for the
 * super administrator, who holds no patient data).
 */
export const DashboardOverviewResponse = Schema.Struct({
  period_days: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 366 })),
  generated_at: IsoDateTime,
  totals: OverviewFigures,
  institutions: Schema.Array(InstitutionOverview),
  inactive_patients: Schema.Array(InactivePatient),
});
export type DashboardOverviewResponse = typeof DashboardOverviewResponse.Type;
