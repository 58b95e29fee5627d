import * as Schema from "effect/Schema";
import { PatientId, UserId } from "../shared/ids.ts";
import { CalendarDate, IsoDateTime } from "../shared/wire/dates.ts";
import { idFromUrl, positiveIntFromQuery } from "../shared/wire/query-string.ts";
import { proseText } from "../shared/wire/text-fields.ts";
import { AUDIT_DIRECTIONS, AUDIT_OUTCOMES, AUDIT_SORTS } from "./audit-vocabulary.ts";

/**
 * The audit log viewer's wire (issue 38, docs/audit-viewer.md): the filtered, sorted, key-paged list
 * of audit events, the two reports ("who accessed this patient", "what this person did"), the CSV
 * export and the weekly review sign-off.
 */

/** The most rows one page holds, and how many it holds unless asked. */
export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 50;

/** An action or a record kind as the trail writes it (read, auth.password, patient, game_attempt). */
const Word = Schema.String.check(Schema.isPattern(/^[a-z][a-z_.]{0,39}$/, { expected: "a word of the audit vocabulary" }));
/** An IPv4 or IPv6 address, as the request's IP is recorded. */
const IpText = Schema.String.check(Schema.isPattern(/^[0-9A-Fa-f:.]{2,45}$/, { expected: "an IP address" }));
/**
 * Where the next page starts: the last row's sort value and id, `value~id`, as the previous page's
 * `next` gave it. Opaque to the portal; the server reads it back (audit-cursor.ts).
 */
export const AuditCursor = Schema.String.check(Schema.isPattern(/^[0-9A-Za-z_:.+-]{0,48}~[1-9][0-9]{0,17}$/, { expected: "a page cursor" }));

/** The filters every audit call shares: who, which patient, what, which kind of record, how it ended, from where, when. */
const FILTER_FIELDS = {
  user: Schema.optionalKey(idFromUrl(UserId)),
  patient: Schema.optionalKey(idFromUrl(PatientId)),
  action: Schema.optionalKey(Word),
  kind: Schema.optionalKey(Word),
  outcome: Schema.optionalKey(Schema.Literals(AUDIT_OUTCOMES)),
  ip: Schema.optionalKey(IpText),
  /** First and last day, inclusive, in UTC. */
  from: Schema.optionalKey(CalendarDate),
  to: Schema.optionalKey(CalendarDate),
};

/** ?user=&patient=&action=&kind=&outcome=&ip=&from=&to=&sort=&direction=&after=&page_size= of audit/events/ (and its CSV, without after and page_size). */
export const AuditEventsQuery = Schema.Struct({
  ...FILTER_FIELDS,
  sort: Schema.optionalKey(Schema.Literals(AUDIT_SORTS)),
  direction: Schema.optionalKey(Schema.Literals(AUDIT_DIRECTIONS)),
  after: Schema.optionalKey(AuditCursor),
  page_size: Schema.optionalKey(positiveIntFromQuery(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: AUDIT_PAGE_MAX })))),
});
export type AuditEventsQuery = typeof AuditEventsQuery.Type;

/** One audit row as the viewer shows it. `patient_id` is the patient the row is about, when the trail names one. */
export const AuditEventRow = Schema.Struct({
  id: Schema.Int,
  occurred_at: IsoDateTime,
  user_id: Schema.NullOr(Schema.Int),
  /** The person's name as their user record has it now; null for nobody (a failed sign-in) or an unknown id. */
  user_name: Schema.NullOr(Schema.String),
  institution_id: Schema.NullOr(Schema.Int),
  action: Schema.String,
  kind: Schema.String,
  record_id: Schema.NullOr(Schema.String),
  patient_id: Schema.NullOr(Schema.Int),
  outcome: Schema.Literals(AUDIT_OUTCOMES),
  reason: Schema.NullOr(Schema.String),
  ip: Schema.NullOr(Schema.String),
  request_id: Schema.NullOr(Schema.String),
});
export type AuditEventRow = typeof AuditEventRow.Type;

/** A page of the log and where the next one starts (null on the last page). */
export const AuditEventsPage = Schema.Struct({
  results: Schema.Array(AuditEventRow),
  next: Schema.NullOr(AuditCursor),
});
export type AuditEventsPage = typeof AuditEventsPage.Type;

/** The CSV export in the JSON envelope the portal asks for (a browser or curl gets text/csv). */
export const AuditExport = Schema.Struct({ filename: Schema.String, csv: Schema.String });
export type AuditExport = typeof AuditExport.Type;

/** ?patient=&from=&to= of the "who accessed this patient" report: every day of the period must be named. */
export const PatientAccessQuery = Schema.Struct({ patient: idFromUrl(PatientId), from: CalendarDate, to: CalendarDate });
export type PatientAccessQuery = typeof PatientAccessQuery.Type;

/** ?user=&from=&to= of the "what this person did" report. */
export const PersonActivityQuery = Schema.Struct({ user: idFromUrl(UserId), from: CalendarDate, to: CalendarDate });
export type PersonActivityQuery = typeof PersonActivityQuery.Type;

/** One line of a report: a group of rows (one person, or one action on one kind), how many, first and last. */
const ReportCounts = {
  events: Schema.Int,
  denied: Schema.Int,
  first_at: IsoDateTime,
  last_at: IsoDateTime,
};

export const PatientAccessLine = Schema.Struct({ user_id: Schema.NullOr(Schema.Int), user_name: Schema.NullOr(Schema.String), actions: Schema.Array(Schema.String), ...ReportCounts });
export type PatientAccessLine = typeof PatientAccessLine.Type;

/** Who accessed one patient's record in the period: one line per person, the most recent first. */
export const PatientAccessReport = Schema.Struct({ patient_id: Schema.Int, from: CalendarDate, to: CalendarDate, people: Schema.Array(PatientAccessLine) });
export type PatientAccessReport = typeof PatientAccessReport.Type;

export const PersonActivityLine = Schema.Struct({ action: Schema.String, kind: Schema.String, ...ReportCounts });
export type PersonActivityLine = typeof PersonActivityLine.Type;

/** What one person did in the period: one line per action and record kind, the most recent first. */
export const PersonActivityReport = Schema.Struct({
  user_id: Schema.Int,
  user_name: Schema.NullOr(Schema.String),
  from: CalendarDate,
  to: CalendarDate,
  activity: Schema.Array(PersonActivityLine),
});
export type PersonActivityReport = typeof PersonActivityReport.Type;

/** The longest review note. */
export const REVIEW_NOTES_MAX = 2000;

/** POST audit/reviews/: the period the reviewer examined (first and last day) and what they noted. */
export const AuditReviewBody = Schema.Struct({
  period_start: CalendarDate,
  period_end: CalendarDate,
  notes: proseText(REVIEW_NOTES_MAX),
});
export type AuditReviewBody = typeof AuditReviewBody.Type;

/** One sign-off: who reviewed which period, when, with what notes. */
export const AuditReview = Schema.Struct({
  id: Schema.Int,
  period_start: CalendarDate,
  period_end: CalendarDate,
  notes: Schema.String,
  reviewed_at: IsoDateTime,
  reviewer_id: Schema.NullOr(Schema.Int),
  reviewer_name: Schema.NullOr(Schema.String),
});
export type AuditReview = typeof AuditReview.Type;

/** The latest sign-offs, newest first (at most AUDIT_REVIEWS_SHOWN); the first is the last review. */
export const AuditReviews = Schema.Struct({ results: Schema.Array(AuditReview) });
export type AuditReviews = typeof AuditReviews.Type;
export const AUDIT_REVIEWS_SHOWN = 12;
