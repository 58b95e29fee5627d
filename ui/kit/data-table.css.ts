import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// Narrow screens scroll the table sideways instead of squeezing the columns unreadable; the
// wrapper is focusable so keyboard users can scroll it too (WCAG 2.1.1).
export const tableScroller = style({
  overflowX: "auto",
  borderRadius: vars.radii.lg,
  border: `1px solid ${vars.color.borderSubtle}`,
  backgroundColor: vars.color.surface,
  selectors: {
    "&:focus-visible": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
  },
});

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: vars.font.size.md,
});

export const caption = style({
  textAlign: "start",
  padding: vars.space.sm,
  fontWeight: vars.font.weight.bold,
});

globalStyle(`${table} th, ${table} td`, {
  textAlign: "start",
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  borderTop: `1px solid ${vars.color.borderSubtle}`,
  verticalAlign: "middle",
});

globalStyle(`${table} thead th`, {
  backgroundColor: vars.color.surfaceSunken,
  fontWeight: vars.font.weight.medium,
  whiteSpace: "nowrap",
});

export const number = style({
  textAlign: "end",
  fontVariantNumeric: "tabular-nums",
});

globalStyle(`${table} th${number}, ${table} td${number}`, { textAlign: "end" });

// A sortable column's header is a button filling the cell: the words, then the direction's arrow
// (shown, and said by the header's aria-sort, never by the arrow).
export const sortButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xxs,
  minHeight: vars.size.controlHeight,
  padding: 0,
  border: "none",
  background: "none",
  color: "inherit",
  font: "inherit",
  cursor: "pointer",
  selectors: {
    "&:focus-visible": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
  },
});

export const emptyCell = style({
  color: vars.color.textMuted,
});
