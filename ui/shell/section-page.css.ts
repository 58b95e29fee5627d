import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const page = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.md,
});

export const heading = style({
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
});

export const status = style({
  fontSize: vars.font.size.lg,
  color: vars.color.textMuted,
});
