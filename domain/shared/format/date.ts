import { format, isValid, parseISO } from "date-fns";

export const INVALID_DATE = "Invalid date";

/**
 * Dates are shown MM/dd/yyyy; a calendar date (yyyy-MM-dd, e.g. a birthdate) is shown as written,
 * a timestamp in the viewer's local time, and anything unreadable as 'Invalid date'.
 */
export const formatDate = (input: string | null | undefined): string => {
  if (typeof input !== "string" || input.trim() === "") return INVALID_DATE;
  const parsed = parseISO(input.trim());
  return isValid(parsed) ? format(parsed, "MM/dd/yyyy") : INVALID_DATE;
};

/** A moment (a session's start) is shown MM/dd/yyyy with the local time of day; anything unreadable reads 'Invalid date'. */
export const formatDateTime = (input: string | null | undefined): string => {
  if (typeof input !== "string" || input.trim() === "") return INVALID_DATE;
  const parsed = parseISO(input.trim());
  return isValid(parsed) ? format(parsed, "MM/dd/yyyy h:mm a") : INVALID_DATE;
};
