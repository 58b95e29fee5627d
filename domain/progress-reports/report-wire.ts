import * as Schema from "effect/Schema";
import { GOAL_STATUSES, GoalId } from "../goals/index.ts";
import { RATING_SCALES } from "../communication-ratings/index.ts";
import { GameSessionId, IdNumber, PatientId } from "../shared/ids.ts";
import { CalendarDate, IsoDateTime } from "../shared/wire/dates.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import { RecordVersion, versionField } from "../shared/wire/record-version.ts";
import { PersonName, boundedText, proseText } from "../shared/wire/text-fields.ts";

// The wire of progress reports (issue 37, docs/progress-reports.md). The drafted content is the
// part the portal computes; the SLP's fields are typed; signing locks both and hashes them.

export const ProgressReportId = IdNumber.pipe(Schema.brand("ProgressReportId"));
export type ProgressReportId = typeof ProgressReportId.Type;
export const ReportAddendumId = IdNumber.pipe(Schema.brand("ReportAddendumId"));
export type ReportAddendumId = typeof ReportAddendumId.Type;

/** The longest an SLP's text field may be (assessment, plan, changes to goals, a goal's comment, an addendum). */
export const MAX_REPORT_TEXT = 4000;
export const MAX_CREDENTIALS = 80;

export const ReportPeriod = Schema.Struct({ start: CalendarDate, end: CalendarDate });
export type ReportPeriod = typeof ReportPeriod.Type;

/** One session of the period a goal's verdict rests on. */
export const ReportGoalSession = Schema.Struct({ session: GameSessionId, day: CalendarDate, accuracy: Schema.Finite, meets: Schema.Boolean });
export type ReportGoalSession = typeof ReportGoalSession.Type;

/** One goal as the draft states it: baseline, current value and the criterion's verdict at the period's end, with its sessions. */
export const ReportGoal = Schema.Struct({
  goal: GoalId,
  label: Schema.String,
  statement: Schema.String,
  criterion: Schema.String,
  target: Schema.Finite,
  baseline: Schema.NullOr(Schema.Struct({ value: Schema.Finite, source: Schema.Literals(["entered", "sessions"]) })),
  current: Schema.NullOr(Schema.Finite),
  status: Schema.Literals(GOAL_STATUSES),
  achieved_on: Schema.NullOr(CalendarDate),
  /** The sessions of the latest window the verdict rests on. */
  verdict_sessions: Schema.Array(GameSessionId),
  /** The measured sessions inside the period, oldest first. */
  sessions: Schema.Array(ReportGoalSession),
});
export type ReportGoal = typeof ReportGoal.Type;

/** Adherence over the period: sessions played of those assigned, RTM data days, clinician minutes. */
export const ReportAdherence = Schema.Struct({
  sessions_done: Schema.Int,
  sessions_assigned: Schema.Int,
  data_days: Schema.Int,
  clinician_minutes: Schema.Int,
});
export type ReportAdherence = typeof ReportAdherence.Type;

/** One communication scale's latest level at the period's end and its change since the rating before. */
export const ReportRating = Schema.Struct({
  scale: Schema.Literals(RATING_SCALES),
  level: Schema.Int,
  rated_on: CalendarDate,
  previous_level: Schema.NullOr(Schema.Int),
  previous_on: Schema.NullOr(CalendarDate),
});
export type ReportRating = typeof ReportRating.Type;

/** What the portal drafts; fixed once drafted, the SLP reviews it. */
export const ReportDrafted = Schema.Struct({
  period: ReportPeriod,
  goals: Schema.Array(ReportGoal),
  adherence: ReportAdherence,
  ratings: Schema.Array(ReportRating),
});
export type ReportDrafted = typeof ReportDrafted.Type;

/** The SLP's fields, blank in a new draft. */
export const ReportSlpFields = Schema.Struct({
  assessment: Schema.String,
  plan: Schema.String,
  goal_changes: Schema.String,
  credentials: Schema.String,
  npi: Schema.String,
});
export type ReportSlpFields = typeof ReportSlpFields.Type;

export const ReportSigner = Schema.Struct({ name: Schema.String, credentials: Schema.String, npi: Schema.NullOr(Schema.String) });
export type ReportSigner = typeof ReportSigner.Type;

export const ReportAddendum = Schema.Struct({
  id: ReportAddendumId,
  text: Schema.String,
  signer: ReportSigner,
  signed_at: IsoDateTime,
  content_sha256: Schema.String,
});
export type ReportAddendum = typeof ReportAddendum.Type;

export const ProgressReportWire = Schema.Struct({
  id: ProgressReportId,
  patient: PatientId,
  patient_name: Schema.Struct({ first_name: PersonName, last_name: PersonName }),
  state: Schema.Literals(["draft", "signed"]),
  drafted: ReportDrafted,
  fields: ReportSlpFields,
  npi_required: Schema.Boolean,
  signer: Schema.NullOr(ReportSigner),
  signed_at: Schema.NullOr(IsoDateTime),
  content_sha256: Schema.NullOr(Schema.String),
  addenda: Schema.Array(ReportAddendum),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  version: RecordVersion,
});
export type ProgressReportWire = typeof ProgressReportWire.Type;

export const ProgressReportSummary = Schema.Struct({
  id: ProgressReportId,
  period: ReportPeriod,
  state: Schema.Literals(["draft", "signed"]),
  signed_at: Schema.NullOr(IsoDateTime),
  version: RecordVersion,
});

/** The due state of the patient's next report (report-due.ts). */
export const ReportDueWire = Schema.Struct({
  state: Schema.Literals(["not_due", "due_soon", "overdue"]),
  due_on: Schema.NullOr(CalendarDate),
  treatment_days_left: Schema.NullOr(Schema.Int),
});
export type ReportDueWire = typeof ReportDueWire.Type;

/** GET patients/{id}/progress-reports/: the patient's reports, newest first, and when the next falls due. */
export const ProgressReportListWire = Schema.Struct({ today: CalendarDate, due: ReportDueWire, reports: Schema.Array(ProgressReportSummary) });
export type ProgressReportListWire = typeof ProgressReportListWire.Type;

/** POST patients/{id}/progress-reports/: a draft for a period; without one, from the last report's end to today. */
export const ReportDraftBody = Schema.UndefinedOr(Schema.NullOr(Schema.Struct({ start: Schema.optionalKey(Schema.NullOr(boundedText(10))), end: Schema.optionalKey(Schema.NullOr(boundedText(10))) })));
export type ReportDraftBody = typeof ReportDraftBody.Type;

/** PATCH progress-reports/{id}/: the SLP's fields of a draft, from the version the edit started at. */
export const ReportFieldsBody = Schema.Struct({
  assessment: Schema.optionalKey(proseText(MAX_REPORT_TEXT)),
  plan: Schema.optionalKey(proseText(MAX_REPORT_TEXT)),
  goal_changes: Schema.optionalKey(proseText(MAX_REPORT_TEXT)),
  credentials: Schema.optionalKey(boundedText(MAX_CREDENTIALS)),
  npi: Schema.optionalKey(boundedText(20)),
  ...versionField,
});
export type ReportFieldsBody = typeof ReportFieldsBody.Type;

export const ReportSignBody = Schema.Struct({ ...versionField });
export const ReportAddendumBody = Schema.Struct({ text: proseText(MAX_REPORT_TEXT), credentials: Schema.optionalKey(boundedText(MAX_CREDENTIALS)) });
export type ReportAddendumBody = typeof ReportAddendumBody.Type;

/** GET dashboard/progress-reports-due/: the caller's caseload patients whose report is due within 3 days or overdue. */
export const ReportsDueWire = Schema.Struct({
  today: CalendarDate,
  patients: Schema.Array(Schema.Struct({ patient: PatientId, first_name: PersonName, last_name: PersonName, due: ReportDueWire })),
});
export type ReportsDueWire = typeof ReportsDueWire.Type;

export const ProgressReportParams = Schema.Struct({ id: idFromUrl(ProgressReportId) });
