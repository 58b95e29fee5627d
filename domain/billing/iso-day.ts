// Plain calendar-day arithmetic on ISO dates ("YYYY-MM-DD"). The server hands the billing rules
// days already in the institution's time zone, so no zone is applied here: a day is a whole UTC
// day number, which keeps 30-day periods exact across daylight-saving changes.
//
// Day numbers are worked out with integer arithmetic on the proleptic Gregorian calendar (the
// civil-from-days algorithm of H. Hinnant), never through Date, a regular expression or a sliced
// ISO string: the month-end judges 100,000 patients with thousands of day steps each, and the
// string round trips alone were a fifth of its CPU time (issue 36).

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/** A calendar day "YYYY-MM-DD". */
export type IsoDay = string;
/** A calendar month "YYYY-MM". */
export type IsoMonth = string;

/** Days in a 400-year Gregorian era, and from 0000-03-01 to 1970-01-01. */
const DAYS_PER_ERA = 146_097;
const EPOCH_SHIFT = 719_468;
const ZERO = 48; // "0"
const DASH = 45; // "-"

/** The day number of year/month/day (month 1-12; a day past the month's end runs into the next, as Date.UTC does). */
export const dayNumberOf = (year: number, month: number, day: number): number => {
  // Months out of 1-12 move the year first, as Date.UTC would.
  const carry = Math.floor((month - 1) / 12);
  const m = month - 12 * carry;
  const y = year + carry - (m <= 2 ? 1 : 0);
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * DAYS_PER_ERA + dayOfEra - EPOCH_SHIFT;
};

/** The calendar year, month (1-12) and day of a day number (inverse of dayNumberOf). */
export const civilOf = (n: number): { readonly year: number; readonly month: number; readonly day: number } => {
  const z = n + EPOCH_SHIFT;
  const era = Math.floor(z / DAYS_PER_ERA);
  const dayOfEra = z - era * DAYS_PER_ERA;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
};

/** The digits of `text` from `from` (exclusive `to`) as a number, or -1 when one is not a digit. */
const digits = (text: string, from: number, to: number): number => {
  let value = 0;
  for (let i = from; i < to; i += 1) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
};

const twoDigits = (value: number): string => (value < 10 ? `0${value}` : String(value));
const fourDigits = (value: number): string => (value >= 1000 ? String(value) : String(value).padStart(4, "0"));

/** Whether the text is a real calendar day in ISO form (2026-02-30 is not). */
export const isIsoDay = (text: string): boolean => {
  const match = ISO_DAY.exec(text);
  if (match === null) return false;
  const [, y, m, d] = match;
  // Through Date on purpose: years before 100 read as 19xx there, so they stay refused as before.
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))).toISOString().slice(0, 10) === text;
};

/** Whether the text is a calendar month "YYYY-MM". */
export const isIsoMonth = (text: string): boolean => {
  const match = ISO_MONTH.exec(text);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12;
};

/** The day's number counted from 1970-01-01 (day 0); only differences between them matter. */
export const dayNumber = (day: IsoDay): number => {
  const year = day.length === 10 && day.charCodeAt(4) === DASH && day.charCodeAt(7) === DASH ? digits(day, 0, 4) : -1;
  const month = year < 0 ? -1 : digits(day, 5, 7);
  const date = month < 0 ? -1 : digits(day, 8, 10);
  if (date < 0) throw new RangeError(`not an ISO day: ${day}`);
  return dayNumberOf(year, month, date);
};

// The days asked for come from a few months around today: a cold month-end asks for the same few
// hundred strings millions of times (periods' ends, deadlines, the data days read), so each is made
// once. Bounded: forgotten all at once when it holds a few years of days.
const isoOfNumber = new Map<number, IsoDay>();
const KEPT_DAYS = 2048;

/** The ISO day of a day number (inverse of dayNumber). */
export const dayNumberToIso = (n: number): IsoDay => {
  const known = isoOfNumber.get(n);
  if (known !== undefined) return known;
  const { year, month, day } = civilOf(n);
  const iso = `${fourDigits(year)}-${twoDigits(month)}-${twoDigits(day)}`;
  if (isoOfNumber.size >= KEPT_DAYS) isoOfNumber.clear();
  isoOfNumber.set(n, iso);
  return iso;
};

/** The day `count` days after `day` (before, when negative). */
export const addDays = (day: IsoDay, count: number): IsoDay => dayNumberToIso(dayNumber(day) + count);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDay, to: IsoDay): number => dayNumber(to) - dayNumber(from);

/** The month a day falls in. */
export const monthOf = (day: IsoDay): IsoMonth => day.slice(0, 7);

/** The first day of a month. */
export const firstDayOf = (month: IsoMonth): IsoDay => `${month}-01`;

/** The year and month number of "YYYY-MM" (anything after the month is not read). */
const monthParts = (month: IsoMonth): readonly [number, number] => {
  const year = month.length >= 7 && month.charCodeAt(4) === DASH ? digits(month, 0, 4) : -1;
  const number = year < 0 ? -1 : digits(month, 5, 7);
  if (number < 0) throw new RangeError(`not an ISO month: ${month}`);
  return [year, number];
};

/** The day number of a month's first day. */
export const firstDayNumberOf = (month: IsoMonth): number => {
  const [year, number] = monthParts(month);
  return dayNumberOf(year, number, 1);
};

/** The day number of a month's last day. */
export const lastDayNumberOf = (month: IsoMonth): number => {
  const [year, number] = monthParts(month);
  return dayNumberOf(year, number + 1, 1) - 1;
};

/** The last day of a month (28 to 31). */
export const lastDayOf = (month: IsoMonth): IsoDay => dayNumberToIso(lastDayNumberOf(month));
