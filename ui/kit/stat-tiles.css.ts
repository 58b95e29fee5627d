import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// Tiles wrap to the width: five fit a wide screen and one fills a phone.
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

const valueBase = style({
  margin: 0,
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: "tabular-nums",
  overflowWrap: "anywhere",
});

/** Counts (the dashboard) are drawn large; durations and dates (session review) at a size they fit. */
export const tileValue = styleVariants({
  count: [valueBase, { fontSize: vars.font.size.xxl }],
  figure: [valueBase, { fontSize: vars.font.size.lg }],
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
