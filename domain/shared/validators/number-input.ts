// Exercise settings are counts and limits: never negative and never in exponent notation.
const BLOCKED_KEYS: readonly string[] = ["-", "+", "e", "E"];
const PLAIN_DECIMAL = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

/** Number fields refuse the keys that would type a sign or an exponent ('-', '+', 'e', 'E'). */
export const isBlockedNumberKey = (key: string): boolean => BLOCKED_KEYS.includes(key);

/** A number field's text becomes a number only when it is a plain non-negative decimal; empty or anything else becomes null, never NaN. */
export const parseNumberInput = (text: string): number | null => {
  const trimmed = text.trim();
  if (!PLAIN_DECIMAL.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
};
