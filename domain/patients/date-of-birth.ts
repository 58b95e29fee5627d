import { catalogueMessage } from "../shared/error-catalogue.ts";
import { fail, succeed, type Result } from "../shared/result.ts";

export const EARLIEST_BIRTH_YEAR = 1900;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** A yyyy-MM-dd text that names a real calendar day (no 31 April, 29 February only in leap years). */
export const isCalendarDate = (text: string): boolean => {
  const match = ISO_DATE.exec(text);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
};

/** A date of birth is required (ERROR_003) and must be a real yyyy-MM-dd day from 1900 up to today, the caller's local date (ERROR_054). */
export const validateDateOfBirth = (text: string, today: string, field = "birthdate"): Result<string> => {
  const trimmed = text.trim();
  if (trimmed.length === 0) {
    return fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: "date of birth" }), { field });
  }
  // Both are validated yyyy-MM-dd texts, so text order is calendar order.
  const valid = isCalendarDate(trimmed) && Number(trimmed.slice(0, 4)) >= EARLIEST_BIRTH_YEAR && trimmed <= today;
  return valid ? succeed(trimmed) : fail("ERROR_054", catalogueMessage("ERROR_054"), { field });
};
