import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const alert = style({
  padding: vars.space.sm,
  borderRadius: vars.radii.md,
  // The thick left edge and the bold text say "error" without relying on colour alone (WCAG 1.4.1).
  borderLeft: `4px solid ${vars.color.danger}`,
  backgroundColor: vars.color.surface,
  color: vars.color.danger,
  fontWeight: vars.font.weight.medium,
});

// Empty, the region takes no room (no gap in a flex column) but stays in the accessibility tree,
// which display: none or display: contents would not guarantee.
export const empty = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
});
