import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const input = style({ display: "flex", alignItems: "center", gap: "1px" });

// Each segment is a spin button; the focused one is marked by the ring, not by colour alone.
export const segment = style({
  paddingInline: "1px",
  borderRadius: vars.radii.sm,
  outline: "none",
  selectors: {
    "&[data-focused]": { outline: `${vars.focusRing.width} solid ${vars.focusRing.color}` },
    "&[data-placeholder]": { color: vars.color.textMuted },
  },
});
