// What the month-end summary (issue 24, docs/billing.md "Month-end") says in words: whether the
// month may be locked and why not, the lock, and the totals' lines. Pure: the state comes decoded.
import type { MonthLock, MonthState } from "./month-close-wire.ts";
import { monthLabel } from "../shared/calendar/labels.ts";

/** Whether the Lock month button acts, and the reason shown beside it when it does not. */
export type LockAvailability = { readonly enabled: true } | { readonly enabled: false; readonly reason: string };

/**
 * A month may be locked by whoever may lock (institution and staff administrators) once it has
 * ended on the institution's calendar and while it is still open.
 */
export const lockAvailability = (state: MonthState): LockAvailability => {
  if (state.lock !== null) return { enabled: false, reason: `${monthLabel(state.month)} is already locked.` };
  if (!state.ended) return { enabled: false, reason: `${monthLabel(state.month)} has not ended yet: it can be locked from its next month on.` };
  return { enabled: true };
};

/** "Locked on 2026-03-02 by Ann Lee" or "Open: time and calls may still change". */
export const lockText = (lock: MonthLock | null, zoneDay: (instant: string) => string): string =>
  lock === null ? "Open: time entries and calls in this month may still change." : `Locked on ${zoneDay(lock.locked_at)} by ${lock.locked_by.first_name} ${lock.locked_by.last_name}: nothing in it changes any more.`;

/** "98981-GN": a code with its modifier, as the claim writes it. */
export const codeLabel = (code: { readonly code: string; readonly modifier: string }): string => `${code.code}-${code.modifier}`;

/** "rtm-2026-11-draft.csv" while open: the export says whether it may still change. */
export const downloadLabel = (state: MonthState): string => (state.lock === null ? "Download CSV (draft)" : "Download CSV");

/**
 * "3 lines differ from what was locked": a locked month's CSV and totals stay as locked, and the lines
 * that live data judges otherwise today are counted, never silently swapped in (issue 31, item 2).
 */
export const differencesText = (count: number): string =>
  count === 0 ? "Every line still matches what was locked." : count === 1 ? "1 line differs from what was locked" : `${count} lines differ from what was locked`;

/** Why a locked month's lines may differ, and that the locked copy is what the CSV and totals keep. */
export const DIFFERENCES_NOTE =
  "The CSV and the totals are the copy kept at the lock. Judged again on today's data (a flag, the supply kind or the time zone changed since), these lines would read otherwise; review them before a corrected claim.";

/** "98977-GN; 98980-GN (billable)" or "nothing billable": one side of a line under review. */
export const claimSideText = (side: { readonly codes: string; readonly billable: boolean } | null): string =>
  side === null ? "no line" : side.billable ? side.codes : "nothing billable";
