import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const group = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
});

export const label = style({
  fontWeight: vars.font.weight.medium,
  color: vars.color.text,
});

export const description = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

export const options = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
});

export const error = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.danger,
});
