/**
 * Goal labels (docs/goals.md, "Labels"): long-term goals are LTG-1, LTG-2, ... per patient; the
 * short-term goals under LTG-n are STG-na, STG-nb, ..., STG-nz, STG-naa. A label is given once
 * and never reused, so a report, a chart or an EMR note that names STG-1a always means one goal.
 */
const LONG_TERM = /^LTG-([1-9][0-9]*)$/;
const SHORT_TERM = /^STG-([1-9][0-9]*)([a-z]+)$/;

/** The letters of the k-th short-term goal (1 -> a, 26 -> z, 27 -> aa): bijective base 26. */
export const shortTermLetters = (ordinal: number): string => {
  let rest = ordinal;
  let letters = "";
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    letters = String.fromCharCode(97 + digit) + letters;
    rest = Math.floor((rest - 1) / 26);
  }
  return letters;
};

const lettersOrdinal = (letters: string): number => [...letters].reduce((sum, letter) => sum * 26 + (letter.charCodeAt(0) - 96), 0);

/** The number n of LTG-n, or null for any other text. */
export const longTermNumber = (label: string): number | null => {
  const match = LONG_TERM.exec(label);
  return match === null ? null : Number(match[1]);
};

/** The next long-term label of a patient: one past the highest LTG number given so far. */
export const nextLongTermLabel = (existing: readonly string[]): string => {
  const highest = existing.reduce((max, label) => Math.max(max, longTermNumber(label) ?? 0), 0);
  return `LTG-${highest + 1}`;
};

/** The next short-term label under a long-term one: one past the highest letters given under it. */
export const nextShortTermLabel = (parentLabel: string, existing: readonly string[]): string | null => {
  const parent = longTermNumber(parentLabel);
  if (parent === null) return null;
  const highest = existing.reduce((max, label) => {
    const match = SHORT_TERM.exec(label);
    return match !== null && Number(match[1]) === parent ? Math.max(max, lettersOrdinal(match[2] ?? "")) : max;
  }, 0);
  return `STG-${parent}${shortTermLetters(highest + 1)}`;
};
