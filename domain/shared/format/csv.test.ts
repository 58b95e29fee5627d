import { describe, expect, it } from "vitest";
import { couldRunAsFormula, csvField } from "./csv.ts";

// csvField's fast path (a text that is only quoted) must write what the full rules write.
const byTheRules = (value: string): string => {
  if (/^[0-9]+$/.test(value)) return value;
  const safe = couldRunAsFormula(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
};

describe("a CSV field", () => {
  it("writes every kind of text as the full rules do: numbers bare, formulas neutralised, quotes doubled, the rest quoted", () => {
    const texts = ["", "42", "0042", "4.2", "-1", "=1+1", "+1", "@SUM(A1)", "\tx", "\rx", "a;=b", "a, -b", "a|@b", "a\t+b", 'say "hi"', '"', "plain", "Mozilla/5.0 (X11)", "é 😀", "a,b", "a\nb", "1 2"];
    expect(texts.map(csvField)).toEqual(texts.map(byTheRules));
    expect(csvField("42")).toBe("42");
    expect(csvField("=1+1")).toBe(`"'=1+1"`);
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("plain")).toBe('"plain"');
  });
});
