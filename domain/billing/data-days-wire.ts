import * as Effect from "effect/Effect";
import * as Schema from "effect/Schema";
import { PatientId } from "../shared/ids.ts";
import { CalendarDate } from "../shared/wire/dates.ts";

/**
 * A patient's data days (issue 24, "A patient's billing panel"): the calendar days, in the
 * institution's time zone, on which the patient did at least one exercise session. The server
 * reads them from the counts kept on write (patient_data_days) and says which day it is in that
 * zone, so the client never guesses a zone; the 30-day periods are the domain's rule
 * (supplyPeriods), computed from `monitoring_start` wherever they are shown.
 */

/** One data day with how many sessions started on it (at least one). */
export const DataDay = Schema.Struct({
  day: CalendarDate,
  sessions: Schema.Int,
});
export type DataDay = typeof DataDay.Type;

/** patients/{id}/rtm/data-days/: the days of the current and the previous 30-day period, oldest first. */
export const PatientDataDays = Schema.Struct({
  patient_id: PatientId,
  /** The IANA zone of the patient's institution, whose calendar the days are in. */
  time_zone: Schema.String,
  /** The day of the patient's first session: monitoring starts there. Null before any session. */
  monitoring_start: Schema.NullOr(CalendarDate),
  /** The institution's calendar day at the moment of the answer. */
  today: CalendarDate,
  days: Schema.Array(DataDay),
  /** The patient is on remote physiological monitoring: RTM is not billed while it is set (monitoring-flag-wire.ts). */
  // Defaults to false for an answer from a server older than the flag.
  physiological_monitoring: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(false))),
});
export type PatientDataDays = typeof PatientDataDays.Type;
