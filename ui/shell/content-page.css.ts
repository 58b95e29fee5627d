import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// A signed-in content page (dashboards, lists, records): a wide column (tables need the room),
// content only; the app layout around it provides <main>, the sidebar and the page padding.
export const page = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  width: "100%",
  maxWidth: "72rem",
});

export const heading = style({
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
});

export const subheading = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
});

export const lead = style({
  color: vars.color.textMuted,
});

export const section = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

export const muted = style({
  color: vars.color.textMuted,
});

