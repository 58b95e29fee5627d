import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const cell = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
});

export const avatar = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: 0,
  width: "2.25rem",
  height: "2.25rem",
  borderRadius: vars.radii.pill,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.sm,
});

// A long address breaks inside itself rather than being cut or widening the table past the screen.
export const email = style({
  display: "block",
  overflowWrap: "anywhere",
  minWidth: "12rem",
});
