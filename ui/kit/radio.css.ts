import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const radio = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: vars.size.controlHeight,
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xs,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  outline: "none",
  "::before": {
    content: '""',
    flexShrink: 0,
    width: "1.25rem",
    height: "1.25rem",
    borderRadius: vars.radii.pill,
    border: `2px solid ${vars.color.border}`,
    backgroundColor: vars.color.surface,
    boxSizing: "border-box",
  },
  selectors: {
    "&[data-hovered]": { borderColor: vars.color.text },
    "&[data-selected]": { borderColor: vars.color.primary, borderWidth: "2px" },
    // A filled centre, not only a colour change, marks the chosen option (WCAG 1.4.1).
    "&[data-selected]::before": {
      borderColor: vars.color.primary,
      borderWidth: "6px",
    },
    "&[data-focus-visible]": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
    "&[data-disabled]": {
      backgroundColor: vars.color.disabled,
      color: vars.color.onDisabled,
      cursor: "not-allowed",
    },
  },
});

export const text = style({
  display: "flex",
  flexDirection: "column",
});

export const label = style({
  fontWeight: vars.font.weight.medium,
});

export const description = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
