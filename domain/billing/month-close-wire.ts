import * as Schema from "effect/Schema";
import { PatientId, UserId } from "../shared/ids.ts";
import { CalendarDate, IsoDateTime } from "../shared/wire/dates.ts";
import { PersonName } from "../shared/wire/text-fields.ts";
import { BILLING_STATUSES } from "./billing-status.ts";
import { LockInputs } from "./locked-month.ts";
import { IsoMonthText } from "./time-log-wire.ts";

/**
 * Month-end of remote-monitoring billing (issue 24, docs/billing.md "Month-end"): an institution
 * locks a month once it has ended (no time entry or call in it may change after), its set-up
 * (98975) lines are recorded as billed, and the month's claim lines are exported as CSV.
 */

/** rtm/months/{month}/: the month "YYYY-MM". */
export const MonthPathParams = Schema.Struct({ month: IsoMonthText });
export type MonthPathParams = typeof MonthPathParams.Type;

/** Who locked the month, and when. */
export const MonthLock = Schema.Struct({
  locked_at: IsoDateTime,
  locked_by: Schema.Struct({ id: UserId, first_name: PersonName, last_name: PersonName }),
});
export type MonthLock = typeof MonthLock.Type;

/** The month's totals for the caller's slice: patients per status, and units per claim code (with its modifier). */
export const MonthTotals = Schema.Struct({
  patients: Schema.Int,
  billable: Schema.Int,
  by_status: Schema.Array(Schema.Struct({ status: Schema.Literals(BILLING_STATUSES), patients: Schema.Int })),
  by_code: Schema.Array(Schema.Struct({ code: Schema.String, modifier: Schema.String, units: Schema.Int, patients: Schema.Int })),
});
export type MonthTotals = typeof MonthTotals.Type;

/** One side of a line under review: what the claim says (codes in the CSV's words). */
export const ClaimSide = Schema.Struct({
  codes: Schema.String,
  billable: Schema.Boolean,
  period_start: Schema.String,
  period_end: Schema.String,
  minutes: Schema.Int,
});
export type ClaimSide = typeof ClaimSide.Type;

/** A patient whose month judged today differs from the line locked (null: no line on that side). */
export const LineDifference = Schema.Struct({
  patient_id: PatientId,
  patient: Schema.String,
  locked: Schema.NullOr(ClaimSide),
  now: Schema.NullOr(ClaimSide),
});
export type LineDifference = typeof LineDifference.Type;

/** The most differences the state lists for review; `differences` counts them all. */
export const REVIEW_LIMIT = 200;

/**
 * A locked month's kept copy (issue 31, item 2): what it was judged with at the lock, and how many of
 * the caller's lines judged today differ from what was locked, the first REVIEW_LIMIT listed.
 */
export const LockedCopy = Schema.Struct({
  inputs: LockInputs,
  differences: Schema.Int,
  review: Schema.Array(LineDifference),
});
export type LockedCopy = typeof LockedCopy.Type;

/**
 * GET rtm/months/{month}/: the month's lock for the caller's institution (null while open),
 * whether it has ended on the institution's calendar (only then may it be locked), the
 * institution's today, and the month's totals over the caller's slice. A locked month's totals are
 * the copy kept at the lock; `locked_copy` then says what it was judged with and what differs today
 * (null while open, and for a month locked before the copy was kept).
 */
export const MonthState = Schema.Struct({
  month: IsoMonthText,
  today: CalendarDate,
  ended: Schema.Boolean,
  /** Whether the institution has chosen its device-supply kind (issue 31): the page says what is missing while not. */
  supply_kind_chosen: Schema.Boolean,
  lock: Schema.NullOr(MonthLock),
  totals: MonthTotals,
  locked_copy: Schema.NullOr(LockedCopy),
});
export type MonthState = typeof MonthState.Type;

/** POST rtm/months/{month}/lock/ takes no fields: no body, null or {}. */
export const MonthLockBody = Schema.UndefinedOr(Schema.NullOr(Schema.Struct({})));
export type MonthLockBody = typeof MonthLockBody.Type;

/** POST rtm/months/{month}/lock/: the lock (the existing one when the month was already locked) and how many set-up lines it recorded. */
export const MonthLockAnswer = Schema.Struct({
  month: IsoMonthText,
  lock: MonthLock,
  /** True when this call locked the month; false when it was already locked (the call changed nothing). */
  created: Schema.Boolean,
  setup_recorded: Schema.Int,
});
export type MonthLockAnswer = typeof MonthLockAnswer.Type;

/** The export as the portal downloads it (Accept: application/json): the file's name and its CSV text. */
export const MonthExport = Schema.Struct({
  filename: Schema.String,
  locked: Schema.Boolean,
  rows: Schema.Int,
  csv: Schema.String,
});
export type MonthExport = typeof MonthExport.Type;
