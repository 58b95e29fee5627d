// The month a patient's time log shows (issue 24): the institution's current month, taken from
// "today" on the institution's calendar as the server gives it, never from the viewer's clock, and
// the months before it for review.

/** "2026-11-27" → "2026-11": the month a calendar day belongs to. */
export const monthOfDay = (day: string): string => day.slice(0, 7);

/** "2026-12" → "2027-01". */
export const nextMonth = (month: string): string => {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
};

