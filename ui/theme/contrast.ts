// WCAG 2.2 contrast arithmetic, kept beside the tokens so the token test and any future theme
// (a high-contrast variant, say) are checked by the same formula.

/** Relative luminance of a #rrggbb colour, per the WCAG 2.2 definition. */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between two #rrggbb colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(foreground: string, background: string): number {
  const a = relativeLuminance(foreground);
  const b = relativeLuminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * Minimum ratios: text at WCAG 2.2 AAA (1.4.6: 7:1, large text 4.5:1), since clinicians read
 * these screens all day on whatever monitor the clinic has; non-text UI parts (borders, the focus
 * ring) at 1.4.11's 3:1.
 */
export const minimumContrast = { text: 7, large: 4.5, ui: 3 } as const;
