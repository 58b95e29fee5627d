import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The exercise overview on the signed-in content page (ui/shell/content-page.css.ts), plus its tiles and chart.
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";

export const header = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

// The dashboard's tiles (ui/features/dashboard/dashboard.css.ts), narrower so five fit a wide screen
// and one fills a phone.
export const tiles = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 11rem), 1fr))",
  gap: vars.space.md,
  margin: 0,
});

export const tile = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  padding: vars.space.md,
  borderRadius: vars.radii.lg,
  border: `1px solid ${vars.color.borderSubtle}`,
  backgroundColor: vars.color.surface,
});

export const tileLabel = style({
  color: vars.color.textMuted,
  fontWeight: vars.font.weight.medium,
});

export const tileValue = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: "tabular-nums",
  overflowWrap: "anywhere",
});

export const tileDetail = style({
  margin: 0,
  display: "flex",
  alignItems: "baseline",
  gap: vars.space.xxs,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

// The arrow repeats the words beside it; it is drawn in the text colour, never as the only signal.
export const trendArrow = style({
  color: vars.color.text,
  fontWeight: vars.font.weight.bold,
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
