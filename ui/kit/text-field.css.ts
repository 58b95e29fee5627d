import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

export const label = style({
  fontWeight: vars.font.weight.medium,
  color: vars.color.text,
});

export const input = style({
  minHeight: vars.size.controlHeight,
  paddingInline: vars.space.sm,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.size.md,
  outline: "none",
  selectors: {
    "&[data-hovered]": { borderColor: vars.color.text },
    "&[data-focus-visible], &[data-focused]": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
    "&[data-invalid]": {
      borderColor: vars.color.danger,
      // A second border width says "invalid" without relying on colour alone (WCAG 1.4.1).
      borderWidth: "2px",
    },
    "&[data-disabled]": {
      backgroundColor: vars.color.disabled,
      color: vars.color.onDisabled,
      cursor: "not-allowed",
    },
  },
});

export const description = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

export const error = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.danger,
});
