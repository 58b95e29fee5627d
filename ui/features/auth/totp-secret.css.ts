import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const block = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
});

export const secret = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.lg,
  letterSpacing: "0.05em",
  padding: vars.space.sm,
  borderRadius: vars.radii.md,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
  // Lets a person select the whole key with one click, for copying by hand.
  userSelect: "all",
  overflowWrap: "anywhere",
});
