import { styleVariants, style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// A text badge: the words carry the meaning, the outline's colour only groups them (never colour
// alone, WCAG 1.4.1). Text stays the body colour on the surface, so it keeps 7:1; the outlines are
// the theme's UI colours, each 3:1 or more against the surface (ui/theme/contrast.test.ts).
const base = style({
  display: "inline-block",
  paddingInline: vars.space.xs,
  borderRadius: vars.radii.pill,
  borderWidth: "1px",
  borderStyle: "solid",
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  fontSize: vars.font.size.sm,
  whiteSpace: "nowrap",
});

export const tone = styleVariants({
  neutral: [base, { borderColor: vars.color.border }],
  success: [base, { borderColor: vars.color.primary }],
  warning: [base, { borderColor: vars.color.danger, fontWeight: vars.font.weight.bold }],
  info: [base, { borderColor: vars.color.link, borderStyle: "dashed" }],
});
