import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The progress reports section and the report itself. On screen: theme tokens, text on surface. In
// print: only the opened report, black on white, compact, so four goals fit on one or two pages;
// nothing carries meaning by colour (statuses and changes are written in words).

export const report = style({
  display: "grid",
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.sm,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  maxWidth: vars.size.contentMaxWidth,
});

export const reportHeading = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: vars.font.weight.bold });
export const partHeading = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: vars.font.weight.bold });
export const goalHeading = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: vars.font.weight.medium });
export const part = style({ display: "grid", gap: vars.space.xs });
export const text = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const hash = style({ margin: 0, fontFamily: vars.font.family.mono, fontSize: vars.font.size.sm, overflowWrap: "anywhere" });

export const table = style({ borderCollapse: "collapse", width: "100%", fontSize: vars.font.size.sm });
globalStyle(`${table} th, ${table} td`, { border: `1px solid ${vars.color.border}`, padding: `${vars.space.xxs} ${vars.space.xs}`, textAlign: "left", verticalAlign: "top" });
globalStyle(`${table} caption`, { textAlign: "left", fontWeight: vars.font.weight.medium, paddingBottom: vars.space.xxs });

export const list = style({ display: "grid", gap: vars.space.xs, margin: 0, padding: 0, listStyle: "none" });
export const buttons = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

/** On screen only: the form, the buttons, the list of reports. */
export const screenOnly = style({ "@media": { print: { display: "none" } } });

/**
 * In print, the page shows the opened report alone: every element that neither holds the report nor
 * lies inside it is left out (so the pages hold only the report, in its reading order), and the
 * report drops its frame and takes the page's width, black on white, compact.
 */
export const printable = style({
  "@media": {
    print: { maxWidth: "none", border: "none", padding: 0, gap: "0.4rem", fontSize: "10pt", color: "#000", backgroundColor: "#fff" },
  },
});
globalStyle("body:has([data-report-print]) *:not(:has([data-report-print])):not([data-report-print]):not([data-report-print] *)", { "@media": { print: { display: "none" } } });
globalStyle(`${printable} table`, { "@media": { print: { fontSize: "9pt", breakInside: "avoid" } } });
globalStyle(`${printable} h2, ${printable} h3, ${printable} h4, ${printable} h5`, { "@media": { print: { breakAfter: "avoid" } } });
