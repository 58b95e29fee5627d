import * as Schema from "effect/Schema";
import { PatientId, UserId } from "../shared/ids.ts";
import { CallId, TimeEntryId } from "./billing-ids.ts";
import { CalendarDate, IsoDateTime } from "../shared/wire/dates.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import { RecordVersion, versionField } from "../shared/wire/record-version.ts";
import { PersonName, boundedText, proseText } from "../shared/wire/text-fields.ts";
import { isIsoMonth } from "./iso-day.ts";

/**
 * The treatment-management time log and call log of a patient (issue 24, "Time capture";
 * docs/billing.md, "Time log"): what an SLP or an administrator spent on a patient's care, entry
 * by entry, and the live calls. Overlapping entries may be stored: the month's minutes are their
 * union (management-time.ts, unionMinutes), so overlap is never counted twice.
 */

/** What the time was spent on. */
export const TIME_ACTIVITIES = { review: "review", messaging: "messaging", call: "call", carePlanning: "care_planning" } as const;
export type TimeActivity = (typeof TIME_ACTIVITIES)[keyof typeof TIME_ACTIVITIES];
export const TimeActivity = Schema.Literals([TIME_ACTIVITIES.review, TIME_ACTIVITIES.messaging, TIME_ACTIVITIES.call, TIME_ACTIVITIES.carePlanning]);

/** One entry's length: a minute to ten hours (the database checks the same). */
export const MAX_ENTRY_MINUTES = 600;
export const EntryMinutes = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_ENTRY_MINUTES }));
/** One call's length: a minute to four hours. */
export const MAX_CALL_MINUTES = 240;
export const CallMinutes = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_CALL_MINUTES }));

export const MAX_NOTE_LENGTH = 2000;
export const MAX_REASON_LENGTH = 500;
export const MAX_PARTICIPANTS_LENGTH = 500;

/** Why an entry is changed or removed: required, one to 500 characters once trimmed. */
export const CorrectionReason = boundedText(MAX_REASON_LENGTH, "multi-line").check(Schema.isMinLength(1));

/** A calendar month "YYYY-MM". */
export const IsoMonthText = Schema.String.check(Schema.makeFilter((text: string) => isIsoMonth(text), { expected: "a calendar month yyyy-MM" }));

/** ?month=YYYY-MM of the month's entries and calls. */
export const MonthQuery = Schema.Struct({ month: IsoMonthText });
export type MonthQuery = typeof MonthQuery.Type;

/** rtm/time-entries/{id}/ */
export const TimeEntryPathParams = Schema.Struct({ id: idFromUrl(TimeEntryId) });
export type TimeEntryPathParams = typeof TimeEntryPathParams.Type;

/** Who logged the time or took the call. */
export const Clinician = Schema.Struct({ id: UserId, first_name: PersonName, last_name: PersonName });

/** The last correction of an entry: why, by whom, when. */
export const EntryCorrection = Schema.Struct({ reason: Schema.String, by: UserId, at: IsoDateTime });

/** One time entry as the log shows it. */
export const TimeEntry = Schema.Struct({
  id: TimeEntryId,
  patient_id: PatientId,
  activity: TimeActivity,
  start: IsoDateTime,
  minutes: Schema.Int,
  note: Schema.String,
  clinician: Clinician,
  version: RecordVersion,
  corrected: Schema.NullOr(EntryCorrection),
});
export type TimeEntry = typeof TimeEntry.Type;

export const TimeEntryList = Schema.Array(TimeEntry);

/** POST patients/{id}/rtm/time-entries/: a manual entry (the start may not lie more than a minute ahead). */
export const TimeEntryCreateBody = Schema.Struct({
  activity: TimeActivity,
  start: IsoDateTime,
  minutes: EntryMinutes,
  note: Schema.optionalKey(proseText(MAX_NOTE_LENGTH)),
});
export type TimeEntryCreateBody = typeof TimeEntryCreateBody.Type;

/** PATCH rtm/time-entries/{id}/: any of the fields, always with the reason; `version` or If-Match refuses a stale edit. */
export const TimeEntryPatchBody = Schema.Struct({
  activity: Schema.optionalKey(TimeActivity),
  start: Schema.optionalKey(IsoDateTime),
  minutes: Schema.optionalKey(EntryMinutes),
  note: Schema.optionalKey(proseText(MAX_NOTE_LENGTH)),
  reason: CorrectionReason,
  ...versionField,
});
export type TimeEntryPatchBody = typeof TimeEntryPatchBody.Type;

/** DELETE rtm/time-entries/{id}/: the reason, and the version the removal started from. */
export const TimeEntryDeleteBody = Schema.Struct({ reason: CorrectionReason, ...versionField });
export type TimeEntryDeleteBody = typeof TimeEntryDeleteBody.Type;

/** What a revision of an entry was: a correction (the entry stays) or its removal from the log. */
export const REVISION_KINDS = { edit: "edit", remove: "remove" } as const;
export type RevisionKind = (typeof REVISION_KINDS)[keyof typeof REVISION_KINDS];
export const RevisionKind = Schema.Literals([REVISION_KINDS.edit, REVISION_KINDS.remove]);

/** An entry's fields as they stood before a revision. */
export const EntryValues = Schema.Struct({ activity: TimeActivity, start: IsoDateTime, minutes: Schema.Int, note: Schema.String });
export type EntryValues = typeof EntryValues.Type;

/** One field a correction changed, before → after. */
export const EntryChange = Schema.Union([
  Schema.Struct({ field: Schema.Literal("activity"), before: TimeActivity, after: TimeActivity }),
  Schema.Struct({ field: Schema.Literal("start"), before: IsoDateTime, after: IsoDateTime }),
  Schema.Struct({ field: Schema.Literal("minutes"), before: Schema.Int, after: Schema.Int }),
  Schema.Struct({ field: Schema.Literal("note"), before: Schema.String, after: Schema.String }),
]);
export type EntryChange = typeof EntryChange.Type;

/**
 * One correction or removal of an entry, kept in the same transaction as the change: when, by
 * whom (null only for a change made outside the portal), why, the values before, and the fields a
 * correction changed (none for a removal, which takes the whole entry out of the log).
 */
export const TimeEntryRevision = Schema.Struct({
  id: Schema.Int,
  kind: RevisionKind,
  at: IsoDateTime,
  by: Schema.NullOr(Clinician),
  reason: Schema.String,
  before: EntryValues,
  changes: Schema.Array(EntryChange),
});
export type TimeEntryRevision = typeof TimeEntryRevision.Type;

/** rtm/time-entries/{id}/history/: the entry's revisions, newest first. */
export const TimeEntryHistory = Schema.Array(TimeEntryRevision);

/** One logged call. */
export const CallRecord = Schema.Struct({
  id: CallId,
  patient_id: PatientId,
  date: CalendarDate,
  minutes: Schema.Int,
  participants: Schema.String,
  taken_by: Clinician,
  created_at: IsoDateTime,
});
export type CallRecord = typeof CallRecord.Type;

export const CallList = Schema.Array(CallRecord);

/** POST patients/{id}/rtm/calls/: the day, its length and who took part ("patient and daughter"). */
export const CallCreateBody = Schema.Struct({
  date: CalendarDate,
  minutes: CallMinutes,
  participants: boundedText(MAX_PARTICIPANTS_LENGTH).check(Schema.isMinLength(1)),
});
export type CallCreateBody = typeof CallCreateBody.Type;
