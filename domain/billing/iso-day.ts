// Plain calendar-day arithmetic on ISO dates ("YYYY-MM-DD"). The server hands the billing rules
// days already in the institution's time zone, so no zone is applied here: a day is a whole UTC
// day number, which keeps 30-day periods exact across daylight-saving changes.

const MS_PER_DAY = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/** A calendar day "YYYY-MM-DD". */
export type IsoDay = string;
/** A calendar month "YYYY-MM". */
export type IsoMonth = string;

/** Whether the text is a real calendar day in ISO form (2026-02-30 is not). */
export const isIsoDay = (text: string): boolean => {
  const match = ISO_DAY.exec(text);
  if (match === null) return false;
  const [, y, m, d] = match;
  return dayNumberToIso(Date.UTC(Number(y), Number(m) - 1, Number(d)) / MS_PER_DAY) === text;
};

/** Whether the text is a calendar month "YYYY-MM". */
export const isIsoMonth = (text: string): boolean => {
  const match = ISO_MONTH.exec(text);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12;
};

/** The day's number counted from 1970-01-01 (day 0); only differences between them matter. */
export const dayNumber = (day: IsoDay): number => {
  const match = ISO_DAY.exec(day);
  if (match === null) throw new RangeError(`not an ISO day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / MS_PER_DAY;
};

/** The ISO day of a day number (inverse of dayNumber). */
export const dayNumberToIso = (n: number): IsoDay => new Date(n * MS_PER_DAY).toISOString().slice(0, 10);

/** The day `count` days after `day` (before, when negative). */
export const addDays = (day: IsoDay, count: number): IsoDay => dayNumberToIso(dayNumber(day) + count);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDay, to: IsoDay): number => dayNumber(to) - dayNumber(from);

/** The month a day falls in. */
export const monthOf = (day: IsoDay): IsoMonth => day.slice(0, 7);

/** The first day of a month. */
export const firstDayOf = (month: IsoMonth): IsoDay => `${month}-01`;

/** The last day of a month (28 to 31). */
export const lastDayOf = (month: IsoMonth): IsoDay => {
  const [y, m] = month.split("-").map(Number);
  return dayNumberToIso(Date.UTC(y ?? 0, m ?? 0, 1) / MS_PER_DAY - 1);
};

