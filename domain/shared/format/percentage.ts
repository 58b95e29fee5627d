import { roundToOneDecimal } from "./round.ts";

/** Direction of a change against the previous period (spec: down, up, none). */
export const TREND = { up: "up", down: "down", none: "none" } as const;
export type Trend = (typeof TREND)[keyof typeof TREND];

export const NOT_AVAILABLE = "Not available";

/** A statistic is usable only when it is a finite number or a numeric string; anything else is not available. */
export const toFiniteNumber = (value: unknown): number | null => {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
};

/** A change above zero trends up, below zero down, and no change or a missing value has no direction. */
export const trendOf = (change: unknown): Trend => {
  const value = toFiniteNumber(change);
  if (value === null || value === 0) return TREND.none;
  return value > 0 ? TREND.up : TREND.down;
};

/** A percentage is shown rounded to one decimal with a % sign, or 'Not available' when missing or not numeric. */
export const formatPercentage = (value: unknown): string => {
  const number = toFiniteNumber(value);
  return number === null ? NOT_AVAILABLE : `${roundToOneDecimal(number)}%`;
};

export type PercentChange = { readonly text: string; readonly trend: Trend };

/** A percentage change carries its text and its direction; a missing change is 'Not available' with no direction. */
export const formatPercentChange = (change: unknown): PercentChange => ({
  text: formatPercentage(change),
  trend: trendOf(change),
});
