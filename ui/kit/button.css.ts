import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

const base = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  minHeight: vars.size.controlHeight,
  paddingInline: vars.space.lg,
  borderRadius: vars.radii.md,
  border: "2px solid transparent",
  fontWeight: vars.font.weight.medium,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.tight,
  cursor: "pointer",
  userSelect: "none",
  WebkitTapHighlightColor: "transparent",
  transitionProperty: "background-color, border-color, color",
  transitionDuration: vars.motion.durationFast,
  outline: "none",
  selectors: {
    "&[data-focus-visible]": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
    "&[data-disabled]": {
      cursor: "not-allowed",
      backgroundColor: vars.color.disabled,
      borderColor: vars.color.disabled,
      color: vars.color.onDisabled,
    },
    "&[data-pending]": {
      cursor: "progress",
    },
  },
});

export const button = styleVariants({
  primary: [
    base,
    {
      backgroundColor: vars.color.primary,
      color: vars.color.onPrimary,
      selectors: {
        "&[data-hovered]:not([data-disabled])": { backgroundColor: vars.color.primaryHover },
        "&[data-pressed]:not([data-disabled])": { backgroundColor: vars.color.primaryPressed },
      },
    },
  ],
  secondary: [
    base,
    {
      backgroundColor: vars.color.secondary,
      borderColor: vars.color.primary,
      color: vars.color.onSecondary,
      selectors: {
        "&[data-hovered]:not([data-disabled])": { backgroundColor: vars.color.secondaryHover },
        "&[data-pressed]:not([data-disabled])": { backgroundColor: vars.color.secondaryPressed },
      },
    },
  ],
  destructive: [
    base,
    {
      backgroundColor: vars.color.destructive,
      color: vars.color.onDestructive,
      selectors: {
        "&[data-hovered]:not([data-disabled])": { backgroundColor: vars.color.destructiveHover },
        "&[data-pressed]:not([data-disabled])": { backgroundColor: vars.color.destructivePressed },
      },
    },
  ],
});
