import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// The popover list a select or a combo box opens: options at the control's height, the focused one
// marked by a ring and the chosen one by bold text, not by colour alone.
export const popover = style({
  minWidth: "var(--trigger-width)",
  maxHeight: "20rem",
  overflowY: "auto",
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  boxShadow: "0 8px 24px rgba(24, 32, 47, 0.2)",
});

export const listBox = style({ outline: "none", padding: vars.space.xxs });

export const option = style({
  display: "flex",
  alignItems: "center",
  minHeight: vars.size.controlHeight,
  paddingInline: vars.space.sm,
  borderRadius: vars.radii.md,
  color: vars.color.text,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-focused]": { outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`, outlineOffset: "-2px" },
    "&[data-selected]": { fontWeight: vars.font.weight.bold },
  },
});

export const trigger = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.xs,
  textAlign: "start",
  cursor: "pointer",
});
