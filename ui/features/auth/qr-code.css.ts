import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const code = style({
  display: "block",
  width: "12rem",
  height: "12rem",
  maxWidth: "100%",
});

// Scanners need dark modules on a light ground; text on surface is the theme's strongest pair.
export const light = style({ fill: vars.color.surface });
export const dark = style({ fill: vars.color.text });
