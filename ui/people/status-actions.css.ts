import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });
// The reason a held-back action cannot be taken, beside it in words.
export const reason = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm, maxWidth: "40rem" });
