import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const link = style({
  color: vars.color.link,
  // Underlined at rest so links are not told apart by colour alone (WCAG 1.4.1).
  textDecorationLine: "underline",
  textUnderlineOffset: "0.2em",
  textDecorationThickness: "1px",
  borderRadius: vars.radii.sm,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": {
      color: vars.color.linkHover,
      textDecorationThickness: "2px",
    },
    "&[data-pressed]": {
      color: vars.color.linkHover,
    },
    "&[data-focus-visible]": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
    "&[data-disabled]": {
      color: vars.color.onDisabled,
      cursor: "not-allowed",
      textDecorationLine: "none",
    },
  },
});
