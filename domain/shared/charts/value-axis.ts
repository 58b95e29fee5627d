/** A chart axis from zero: its top value, the values it marks, and how a mark and the axis are named. */
export type ValueAxis = {
  readonly top: number;
  readonly ticks: readonly number[];
  readonly title: string;
  readonly tickLabel: (value: number) => string;
};

/** At most this many intervals between marks, so the labels stay legible on a phone. */
const MAX_INTERVALS = 5;

/** Accuracy is read against the whole 0 to 100% scale, so a small wobble near the top does not look like a fall. */
export const accuracyAxis = (highest: number | null): ValueAxis => {
  const top = highest !== null && highest > 100 ? Math.ceil(highest / 25) * 25 : 100;
  return {
    top,
    ticks: Array.from({ length: top / 25 + 1 }, (_, index) => index * 25),
    title: "Accuracy (%)",
    tickLabel: (value) => `${value}%`,
  };
};

// Round steps a clinician reads at a glance: seconds, then whole minutes, then hours.
const DURATION_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 18_000, 36_000];

/**
 * Time is marked from zero in round steps of seconds or minutes, with no more than five intervals,
 * the top mark at or above the longest session; an axis with nothing on it still spans one minute.
 */
export const durationAxis = (longestSeconds: number | null): ValueAxis => {
  const longest = longestSeconds !== null && Number.isFinite(longestSeconds) && longestSeconds > 0 ? longestSeconds : 60;
  const step = DURATION_STEPS.find((candidate) => Math.ceil(longest / candidate) <= MAX_INTERVALS) ?? Math.ceil(longest / MAX_INTERVALS / 3600) * 3600;
  const intervals = Math.max(1, Math.ceil(longest / step));
  const inMinutes = step >= 60;
  return {
    top: intervals * step,
    ticks: Array.from({ length: intervals + 1 }, (_, index) => index * step),
    title: inMinutes ? "Time (minutes)" : "Time (seconds)",
    tickLabel: (value) => (inMinutes ? `${value / 60} min` : `${value} s`),
  };
};
