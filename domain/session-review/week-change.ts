import { NOT_AVAILABLE, TREND, type Trend, toFiniteNumber } from "../shared/format/percentage.ts";
import { roundToOneDecimal } from "../shared/format/round.ts";

/** This week's time against last week's: the words a clinician reads, and the arrow that only repeats them. */
export type WeekChange = { readonly text: string; readonly trend: Trend };

/**
 * This week's change in time played reads "Up 12.5% on last week", "Down 3% on last week" or
 * "No change on last week", judged on the figure as shown (one decimal), so the arrow never
 * points up beside "No change"; a missing or non-numeric change is 'Not available' with no direction.
 */
export const weekChangeOf = (change: unknown): WeekChange => {
  const value = toFiniteNumber(change);
  if (value === null) return { text: NOT_AVAILABLE, trend: TREND.none };
  const shown = roundToOneDecimal(value);
  if (shown === 0) return { text: "No change on last week", trend: TREND.none };
  return shown > 0 ? { text: `Up ${shown}% on last week`, trend: TREND.up } : { text: `Down ${-shown}% on last week`, trend: TREND.down };
};
