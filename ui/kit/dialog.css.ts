import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// The backdrop dims the page (patient data included) while the dialog asks its question; the
// dialog itself sits in the middle, above everything.
export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: 100,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: vars.space.md,
  backgroundColor: "rgba(24, 32, 47, 0.6)",
});

export const modal = style({
  width: "100%",
  maxWidth: "28rem",
});

export const dialog = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radii.lg,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  boxShadow: "0 12px 32px rgba(24, 32, 47, 0.3)",
  outline: "none",
});

export const heading = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
});

export const text = style({
  margin: 0,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.body,
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
});
