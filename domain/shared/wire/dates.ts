import * as Schema from "effect/Schema";

// Checked with Date.UTC rather than a date library so the rule is visible here: the digits must
// name a real day (no 31 April, 29 February only in leap years).
const isRealDay = (year: number, month: number, day: number): boolean => {
  const probe = new Date(Date.UTC(year, month - 1, day));
  return (
    probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day
  );
};

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d{1,9})?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

const hasRealDay = (match: RegExpExecArray | null): boolean =>
  match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));

/** A calendar day as the wire writes it, yyyy-MM-dd (a birthdate); it must be a real day. */
export const CalendarDate = Schema.String.check(
  Schema.makeFilter((text: string) => hasRealDay(CALENDAR_DATE.exec(text)), {
    expected: "a calendar date yyyy-MM-dd",
  }),
);
export type CalendarDate = typeof CalendarDate.Type;

/**
 * A moment as the wire writes it: ISO-8601 with seconds and an explicit offset (Z or ±hh:mm), so
 * the clinician's and the server's clocks never disagree about which day a session happened.
 */
export const IsoDateTime = Schema.String.check(
  Schema.makeFilter((text: string) => hasRealDay(DATE_TIME.exec(text)), {
    expected: "an ISO-8601 date-time with offset",
  }),
);
export type IsoDateTime = typeof IsoDateTime.Type;
