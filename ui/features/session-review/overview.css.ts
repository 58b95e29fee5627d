import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The exercise overview on the signed-in content page (ui/shell/content-page.css.ts), plus its chart
// (the tiles are the kit's StatTiles).
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";

export const header = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

// The chart keeps a legible size: below it, the region scrolls sideways (and takes the focus so
// a keyboard can scroll it, like the tables do).
export const chartScroller = style({
  overflowX: "auto",
  borderRadius: vars.radii.lg,
  border: `1px solid ${vars.color.borderSubtle}`,
  backgroundColor: vars.color.surface,
  padding: vars.space.xs,
});

// Capped too, so the drawing's text stays near body size on a wide screen.
export const chart = style({
  display: "block",
  width: "100%",
  minWidth: "36rem",
  maxWidth: "48rem",
  height: "auto",
  fontFamily: vars.font.family.body,
});

export const chartText = style({ fill: vars.color.textMuted, fontSize: "14px" });
export const chartTitle = style({ fill: vars.color.text, fontSize: "15px", fontWeight: vars.font.weight.bold });
export const gridLine = style({ stroke: vars.color.borderSubtle, strokeWidth: 1 });
export const axisLine = style({ stroke: vars.color.border, strokeWidth: 1 });

// Two series told apart by line (solid, dashed) and marker (filled circle, hollow square), not by colour alone.
export const accuracyLine = style({ fill: "none", stroke: vars.color.primary, strokeWidth: 2.5 });
export const accuracyPoint = style({ fill: vars.color.primary, stroke: vars.color.surface, strokeWidth: 1 });
export const timeLine = style({ fill: "none", stroke: vars.color.text, strokeWidth: 2, strokeDasharray: "6 4" });
export const timePoint = style({ fill: vars.color.surface, stroke: vars.color.text, strokeWidth: 2 });

export const alternative = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

// The disclosure's summary is a full-size target (44 px) with the house focus ring from global styles.
export const disclosure = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: vars.size.controlHeight,
  cursor: "pointer",
  color: vars.color.link,
  fontWeight: vars.font.weight.medium,
  textDecoration: "underline",
});

globalStyle(`${alternative}[open] > ${disclosure}`, { marginBottom: vars.space.sm });
