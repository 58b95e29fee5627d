import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// Shared by the /auth pages' content inside AuthLayout's card.
export const lead = style({
  color: vars.color.textMuted,
});

export const section = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

export const subheading = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
});

export const links = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
});
