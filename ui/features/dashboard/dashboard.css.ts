import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// Both dashboards: the signed-in content page's column, heading and sections (ui/shell/content-page.css.ts).
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.md,
});

export const tiles = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(12rem, 1fr))",
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
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: "tabular-nums",
});

export const tileDetail = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
});

export const listItem = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  backgroundColor: vars.color.surface,
});
