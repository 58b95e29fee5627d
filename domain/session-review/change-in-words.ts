import { NOT_AVAILABLE, TREND, type Trend, toFiniteNumber } from "../shared/format/percentage.ts";
import { roundToOneDecimal } from "../shared/format/round.ts";

/** A figure against an earlier one (last week, the previous session): the words a clinician reads, and the arrow that only repeats them. */
export type ChangeInWords = { readonly text: string; readonly trend: Trend };

/**
 * A change reads "Up 12.5% on last week", "Down 3% on the previous session" or "No change on
 * last week", judged on the figure as shown (one decimal), so the arrow never
 * points up beside "No change"; a missing or non-numeric change is 'Not available' with no direction.
 */
export const changeInWords = (change: unknown, comparedWith: string): ChangeInWords => {
  const value = toFiniteNumber(change);
  if (value === null) return { text: NOT_AVAILABLE, trend: TREND.none };
  const shown = roundToOneDecimal(value);
  if (shown === 0) return { text: `No change on ${comparedWith}`, trend: TREND.none };
  return shown > 0 ? { text: `Up ${shown}% on ${comparedWith}`, trend: TREND.up } : { text: `Down ${-shown}% on ${comparedWith}`, trend: TREND.down };
};
