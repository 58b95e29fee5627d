import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const page = style({
  maxWidth: vars.size.contentMaxWidth,
  marginInline: "auto",
  padding: vars.space.xl,
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.md,
});

export const heading = style({
  fontSize: vars.font.size.xxl,
});

export const status = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  color: vars.color.danger,
});

export const message = style({
  color: vars.color.text,
});
