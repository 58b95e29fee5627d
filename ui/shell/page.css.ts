import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// Shared by the simple single-message pages (not found, restoring the session, loading the portal): a centred narrow column.
export const main = style({
  maxWidth: vars.size.contentMaxWidth,
  marginInline: "auto",
  paddingBlock: vars.space.xxl,
  paddingInline: vars.space.lg,
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.md,
});

export const heading = style({
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
});

export const lead = style({
  fontSize: vars.font.size.lg,
  color: vars.color.textMuted,
});
