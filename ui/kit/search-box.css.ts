import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const searchField = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  minWidth: "16rem",
});

export const searchRow = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
});

// The clear button is there for pointer users; keyboard users have Escape. It hides when empty.
export const clearButton = style({
  minHeight: vars.size.controlHeight,
  minWidth: vars.size.controlHeight,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-focus-visible]": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
    "[data-empty] &": { visibility: "hidden" },
  },
});
