import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The "Remote monitoring" section of the patient record: only theme tokens, in pairs that
// ui/theme/tokens.ts lists (text on page and surface; onPrimary on primary for a data day's count;
// border and primary as ui edges). Every square carries its day in words too (its accessible name).

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  margin: 0,
  "@media": {
    "screen and (max-width: 30rem)": { gridTemplateColumns: "1fr" },
  },
});

export const term = style({
  fontWeight: vars.font.weight.medium,
  color: vars.color.textMuted,
});

export const detail = style({
  margin: 0,
  color: vars.color.text,
  overflowWrap: "anywhere",
});

export const note = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
  maxWidth: vars.size.contentMaxWidth,
});

/** The strip: 30 small squares in a row that wraps on narrow screens. */
export const strip = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xxs,
  listStyle: "none",
  margin: 0,
  padding: 0,
});

const square = style({
  boxSizing: "border-box",
  width: "1.5rem",
  height: "1.5rem",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: vars.radii.sm,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  lineHeight: 1,
});

/**
 * A data day is filled and shows its session count; a day without a session is an outlined empty
 * square; a day still to come has a dashed outline; today has a thicker outline. Shape and digits
 * tell them apart without colour.
 */
export const day = styleVariants({
  data: [square, { backgroundColor: vars.color.primary, color: vars.color.onPrimary, border: `1px solid ${vars.color.primary}` }],
  empty: [square, { backgroundColor: vars.color.surface, color: vars.color.text, border: `1px solid ${vars.color.border}` }],
  future: [square, { backgroundColor: vars.color.surface, color: vars.color.text, border: `1px dashed ${vars.color.border}` }],
});

export const today = style({
  outline: `2px solid ${vars.color.text}`,
  outlineOffset: "1px",
});

export const legend = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
});

/** The physiological-monitoring flag: the box with its sentence under it. */
export const flag = style({
  display: "grid",
  gap: vars.space.xs,
  marginBlock: vars.space.md,
});
