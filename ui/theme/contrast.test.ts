import { describe, expect, it } from "vitest";
import { contrastRatio, minimumContrast } from "./contrast.ts";
import { colors, contrastPairs, decorativeColors } from "./tokens.ts";

describe("contrast arithmetic", () => {
  it("matches the WCAG reference values", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    // #767676 on white is the well-known lightest grey that passes 4.5:1.
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
  });

  it("rejects values that are not #rrggbb", () => {
    expect(() => contrastRatio("blue", "#ffffff")).toThrow(/rrggbb/);
  });
});

describe("theme colour pairs meet their threshold: text 7:1 (WCAG AAA), UI parts 3:1", () => {
  it.each(contrastPairs)("$foreground on $background ($kind)", ({ foreground, background, kind }) => {
    const ratio = contrastRatio(colors[foreground], colors[background]);
    expect(ratio, `${foreground} ${colors[foreground]} on ${background} ${colors[background]}`).toBeGreaterThanOrEqual(
      minimumContrast[kind],
    );
  });

  it("holds text to 7:1 and non-text UI parts to 3:1", () => {
    expect(minimumContrast).toEqual({ text: 7, large: 4.5, ui: 3 });
  });

  it("covers every colour token that is not declared decorative", () => {
    const used = new Set([...contrastPairs.flatMap((pair) => [pair.foreground, pair.background]), ...decorativeColors]);
    const unused = Object.keys(colors).filter((token) => !used.has(token as keyof typeof colors));
    expect(unused).toEqual([]);
  });
});
