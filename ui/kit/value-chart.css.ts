import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// The kit's value charts (value-chart.tsx): series told apart by line (solid, dashed) and marker
// shape (filled circle, hollow square, hollow diamond), reference lines by dash and their own
// words, so nothing is carried by colour alone; strokes are text or primary colours (>= 3:1).

// The chart keeps a legible size: below it, the region scrolls sideways (and takes the focus so
// a keyboard can scroll it, like the tables do).
export const chartScroller = style({
  overflowX: "auto",
  borderRadius: vars.radii.lg,
  border: `1px solid ${vars.color.borderSubtle}`,
  backgroundColor: vars.color.surface,
  padding: vars.space.xs,
});

// Capped too, so the drawing's text stays near body size on a wide screen.
export const chart = style({
  display: "block",
  width: "100%",
  minWidth: "36rem",
  maxWidth: "48rem",
  height: "auto",
  fontFamily: vars.font.family.body,
});

export const chartText = style({ fill: vars.color.textMuted, fontSize: "14px" });
export const chartTitle = style({ fill: vars.color.text, fontSize: "15px", fontWeight: vars.font.weight.bold });
export const referenceText = style({ fill: vars.color.text, fontSize: "13px", fontWeight: vars.font.weight.bold });
export const gridLine = style({ stroke: vars.color.borderSubtle, strokeWidth: 1 });
export const axisLine = style({ stroke: vars.color.border, strokeWidth: 1 });

export const accuracyLine = style({ fill: "none", stroke: vars.color.primary, strokeWidth: 2.5 });
export const accuracyPoint = style({ fill: vars.color.primary, stroke: vars.color.surface, strokeWidth: 1 });
export const timeLine = style({ fill: "none", stroke: vars.color.text, strokeWidth: 2, strokeDasharray: "6 4" });
export const timePoint = style({ fill: vars.color.surface, stroke: vars.color.text, strokeWidth: 2 });
/** A point that falls short (a session under a goal's target): a hollow diamond. */
export const shortPoint = style({ fill: vars.color.surface, stroke: vars.color.primary, strokeWidth: 2.5 });

/** A goal's target: a long-dashed line in the text colour; its label says "Target". */
export const targetLine = style({ fill: "none", stroke: vars.color.text, strokeWidth: 2, strokeDasharray: "10 5" });
/** A baseline: a dotted line; its label says "Baseline". */
export const baselineLine = style({ fill: "none", stroke: vars.color.textMuted, strokeWidth: 2, strokeDasharray: "2 4" });
