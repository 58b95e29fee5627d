import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The exercises and templates pages on the signed-in content page (ui/shell/content-page.css.ts).
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
});

export const gameList = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  listStyle: "none",
  padding: 0,
  margin: 0,
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radii.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  // Long names and URLs wrap instead of widening the page at 390 px or 200 % zoom.
  overflowWrap: "anywhere",
  minWidth: 0,
});

export const levelList = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  listStyle: "none",
  padding: 0,
  margin: 0,
});

export const levelHeading = style({
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
});

export const progressRow = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
});

export const progress = style({
  width: "min(16rem, 100%)",
  height: "1rem",
});

export const itemList = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  paddingInlineStart: vars.space.lg,
  margin: 0,
});

export const item = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

export const prompt = style({
  fontWeight: vars.font.weight.medium,
});

export const details = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  columnGap: vars.space.xs,
  margin: 0,
});

export const media = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
});

export const formRow = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

export const detailRow = style({ display: "contents" });
