import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const thumbnailButton = style({
  display: "inline-flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.xxs,
  padding: vars.space.xxs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "zoom-in",
  font: "inherit",
  ":focus-visible": { outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`, outlineOffset: vars.focusRing.offset },
});

export const thumbnail = style({ width: "4rem", height: "4rem", objectFit: "contain" });

export const caption = style({ fontSize: vars.font.size.sm });

export const large = style({ maxWidth: "min(32rem, 80vw)", maxHeight: "60vh", objectFit: "contain", display: "block" });
