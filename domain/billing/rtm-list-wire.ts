import * as Effect from "effect/Effect";
import * as Schema from "effect/Schema";
import { PatientId, StaffId } from "../shared/ids.ts";
import { CalendarDate } from "../shared/wire/dates.ts";
import { PagedWithCursors, PageNumber } from "../shared/wire/paged.ts";
import { cursorQueryField } from "../shared/wire/page-cursor.ts";
import { idFromUrl, positiveIntFromQuery } from "../shared/wire/query-string.ts";
import { PersonName } from "../shared/wire/text-fields.ts";
import { BILLING_STATUSES } from "./billing-status.ts";
import { DataDay } from "./data-days-wire.ts";
import { IsoMonthText } from "./time-log-wire.ts";

/**
 * The /rtm list (issue 24, "Screens"): one row per patient of the caller's slice for a month, with
 * the current 30-day period's data days, the month's management minutes, the last call, the codes
 * supported so far and the month's status with what is missing (domain monthStatus, computed by
 * the server per row). Sorted by name or by status (BILLING_STATUSES order, then name), filtered by
 * SLP and by status; the status filter and order read statuses the server keeps ahead of the read
 * and say how many are still being worked out (docs/billing.md, "/rtm").
 */

/** The list's page sizes: 10 to 50 rows, 25 unless asked. */
export const RTM_PAGE_SIZE = 25;
export const RtmPageSize = Schema.Int.check(Schema.isBetween({ minimum: 10, maximum: 50 }));

/** By name (A to Z, Z to A) or by status in BILLING_STATUSES order (reversed with "-status"), names A to Z within a status. */
export const RTM_ORDERINGS = ["name", "-name", "status", "-status"] as const;
export const RtmOrdering = Schema.Literals(RTM_ORDERINGS);
export type RtmOrdering = typeof RtmOrdering.Type;

export const RtmStatus = Schema.Literals(BILLING_STATUSES);

/** GET rtm/?month=&page=&page_size=&slp=&ordering=: the month defaults to the institution's current one. */
export const RtmListQuery = Schema.Struct({
  month: Schema.optionalKey(IsoMonthText),
  page: positiveIntFromQuery(PageNumber).pipe(Schema.withDecodingDefaultKey(Effect.succeed("1"))),
  page_size: positiveIntFromQuery(RtmPageSize).pipe(Schema.withDecodingDefaultKey(Effect.succeed(String(RTM_PAGE_SIZE)))),
  /** An SLP's staff id: only their caseload (an SLP caller only ever sees their own). */
  slp: Schema.optionalKey(idFromUrl(StaffId)),
  ordering: Schema.optionalKey(RtmOrdering),
  /** Only the patients whose month has this status ("at risk", …). */
  status: Schema.optionalKey(RtmStatus),
  ...cursorQueryField,
});
export type RtmListQuery = typeof RtmListQuery.Type;

/** A code the month supports so far, with its units and the SLP modifier. */
export const RtmCode = Schema.Struct({ code: Schema.String, units: Schema.Int, modifier: Schema.String });
export type RtmCode = typeof RtmCode.Type;

/** The current 30-day period and its data days (the days with a session, or none). */
export const RtmPeriod = Schema.Struct({
  start: CalendarDate,
  end: CalendarDate,
  data_days: Schema.Int,
  days: Schema.Array(DataDay),
});
export type RtmPeriod = typeof RtmPeriod.Type;

export const RtmRow = Schema.Struct({
  patient: Schema.Struct({ id: PatientId, first_name: PersonName, last_name: PersonName, date_of_birth: CalendarDate }),
  slp: Schema.NullOr(Schema.Struct({ id: StaffId, name: Schema.String })),
  monitoring_start: Schema.NullOr(CalendarDate),
  current_period: Schema.NullOr(RtmPeriod),
  minutes_this_month: Schema.Int,
  last_call: Schema.NullOr(Schema.Struct({ date: CalendarDate, minutes: Schema.Int })),
  codes: Schema.Array(RtmCode),
  status: RtmStatus,
  /** What the month still lacks, in the domain's words ("needs 3 more data days by Dec 12"). */
  missing: Schema.Array(Schema.String),
});
export type RtmRow = typeof RtmRow.Type;

/**
 * One page of the list, the month it is about and the institution's today. A read filtered or
 * sorted by status also says how many of the slice's patients it covers: `statuses_total` patients,
 * of whom `statuses_pending` have no status worked out yet (the page and the count hold only the
 * others; the screen says so and asks again).
 */
export const RtmListResponse = Schema.Struct({
  ...PagedWithCursors(RtmRow).fields,
  month: IsoMonthText,
  today: CalendarDate,
  /** Whether the institution has chosen its device-supply kind (issue 31): the page says what is missing while not. */
  supply_kind_chosen: Schema.Boolean,
  statuses_pending: Schema.optionalKey(Schema.Int),
  statuses_total: Schema.optionalKey(Schema.Int),
});
export type RtmListResponse = typeof RtmListResponse.Type;
