/**
 * Statistics are shown to one decimal, rounded half away from zero on the decimal the clinician
 * reads (1.15 becomes 1.2 and -1.25 becomes -1.3), never on the binary approximation the machine
 * stores; non-finite values pass through unchanged so the caller can show its own fallback.
 */
export const roundToOneDecimal = (value: number): number => {
  if (!Number.isFinite(value)) return value;
  const magnitude = Math.abs(value);
  const digits = String(magnitude);
  // Exponent notation only appears below 1e-6 (rounds to zero) or at 1e21 and above (already whole).
  if (digits.includes("e")) return magnitude < 1 ? 0 : value;
  const rounded = Math.round(Number(`${digits}e1`)) / 10;
  const signed = value < 0 ? -rounded : rounded;
  // A tiny negative value must not read as "-0".
  return signed === 0 ? 0 : signed;
};
