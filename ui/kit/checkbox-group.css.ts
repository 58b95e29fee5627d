import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const group = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  border: "none",
  margin: 0,
  padding: 0,
});

export const label = style({
  fontWeight: vars.font.weight.medium,
  color: vars.color.text,
});

export const options = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
});

export const checkbox = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: vars.size.controlHeight,
  paddingInline: vars.space.sm,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { borderColor: vars.color.text },
    "&[data-selected]": { borderColor: vars.color.primary, borderWidth: "2px" },
    "&[data-focus-visible]": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
  },
});

// A box with a tick, not only a colour change, marks the chosen option (WCAG 1.4.1).
export const box = style({
  flexShrink: 0,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "1.25rem",
  height: "1.25rem",
  borderRadius: vars.radii.sm,
  border: `2px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.onPrimary,
  fontSize: vars.font.size.sm,
  lineHeight: 1,
  selectors: {
    [`${checkbox}[data-selected] &`]: { backgroundColor: vars.color.primary, borderColor: vars.color.primary },
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
