import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const main = style({
  minHeight: "100vh",
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "center",
  paddingBlock: vars.space.xxl,
  paddingInline: vars.space.md,
});

export const card = style({
  width: "100%",
  maxWidth: "28rem",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radii.lg,
  border: `1px solid ${vars.color.borderSubtle}`,
  backgroundColor: vars.color.surface,
});

export const product = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.textMuted,
});

export const heading = style({
  fontSize: vars.font.size.xl,
  fontWeight: vars.font.weight.bold,
  // The product line sits close above the heading, as one title block.
  marginTop: `calc(-1 * ${vars.space.md})`,
});
