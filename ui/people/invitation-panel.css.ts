import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const panel = style({ display: "grid", gap: vars.space.sm });
export const heading = style({ fontSize: vars.font.size.lg, margin: 0 });
export const sentence = style({ margin: 0, color: vars.color.text });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
