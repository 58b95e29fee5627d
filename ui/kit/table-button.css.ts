import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// The secondary button's look on a native element, at the same 44 px height.
export const tableButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xxs,
  minHeight: vars.size.controlHeight,
  paddingInline: vars.space.sm,
  borderRadius: vars.radii.md,
  border: `2px solid ${vars.color.primary}`,
  backgroundColor: vars.color.secondary,
  color: vars.color.onSecondary,
  fontWeight: vars.font.weight.medium,
  fontSize: vars.font.size.sm,
  cursor: "pointer",
  whiteSpace: "nowrap",
  ":hover": { backgroundColor: vars.color.secondaryHover },
  ":active": { backgroundColor: vars.color.secondaryPressed },
  ":focus-visible": { outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`, outlineOffset: vars.focusRing.offset },
  ":disabled": { cursor: "not-allowed", backgroundColor: vars.color.disabled, borderColor: vars.color.disabled, color: vars.color.onDisabled },
});
