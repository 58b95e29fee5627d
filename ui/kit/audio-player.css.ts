import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const player = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  flexWrap: "wrap",
});

export const state = style({
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
});
