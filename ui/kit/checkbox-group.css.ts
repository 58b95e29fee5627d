import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const group = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  border: "none",
  margin: 0,
  padding: 0,
  // A fieldset is as wide as its widest content by default; in a filter grid's column it must shrink.
  minWidth: 0,
});

// The group's legend: a rendered legend sits outside the fieldset's flex box, so its gap is a margin.
export const label = style({
  fontWeight: vars.font.weight.medium,
  color: vars.color.text,
  padding: 0,
  marginBlockEnd: vars.space.xs,
});

export const options = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
});

export const checkbox = style({
  // The hidden input is placed inside its label, so focusing it never scrolls the page elsewhere.
  position: "relative",
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
    "&:hover": { borderColor: vars.color.text },
    "&:has(input:checked)": { borderColor: vars.color.primary, borderWidth: "2px" },
    "&:has(input:disabled)": { cursor: "default" },
    // The ring is drawn round the whole label: the input itself is hidden from the eye.
    "&:has(input:focus-visible)": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
  },
});

/** The browser's own checkbox, hidden from the eye only (the label draws its box), still focusable and read. */
export const input = style({
  position: "absolute",
  top: 0,
  left: 0,
  width: "1px",
  height: "1px",
  margin: 0,
  padding: 0,
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
  border: 0,
  opacity: 0,
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
    [`${checkbox}:has(input:checked) &`]: { backgroundColor: vars.color.primary, borderColor: vars.color.primary },
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
