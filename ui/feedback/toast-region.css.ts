import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";
import { TOAST_CLEARANCE_PROPERTY, TOAST_MAX_WIDTH_PX } from "./toast-constants.ts";

// Spec section 9: top right, at most 420 px wide; narrower screens keep a margin on both sides.
// It starts below the layout's header bar, whose Back and Cancel links sit top right too.
export const region = style({
  position: "fixed",
  insetBlockStart: `calc(var(${TOAST_CLEARANCE_PROPERTY}, 0px) + ${vars.space.md})`,
  insetInlineEnd: vars.space.md,
  zIndex: 100,
  width: `min(${TOAST_MAX_WIDTH_PX}px, calc(100vw - 2 * ${vars.space.md}))`,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  outline: "none",
  selectors: {
    "&[data-focus-visible]": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
  },
});

const toastBase = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.border}`,
  boxShadow: "0 4px 16px rgb(0 0 0 / 0.15)",
  // A swipe moves the toast with the pointer; touch-action keeps vertical scrolling working.
  touchAction: "pan-y",
  transition: `transform ${vars.motion.durationFast} ease-out`,
  outline: "none",
  selectors: {
    "&[data-focus-visible]": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
  },
});

export const toast = styleVariants({
  default: [toastBase, { background: vars.color.surface, color: vars.color.text }],
  // A thick primary edge marks success without relying on colour alone: the title says it too.
  success: [toastBase, { background: vars.color.surface, color: vars.color.text, borderInlineStartWidth: "6px", borderInlineStartColor: vars.color.primary }],
  destructive: [toastBase, { background: vars.color.destructive, color: vars.color.onDestructive, borderColor: vars.color.destructivePressed }],
});

export const content = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  minWidth: 0,
  overflowWrap: "anywhere",
});

export const title = style({ fontWeight: vars.font.weight.bold });

export const description = style({ fontSize: vars.font.size.sm });

export const close = style({
  flex: "none",
  inlineSize: vars.size.controlHeight,
  blockSize: vars.size.controlHeight,
  marginBlock: `calc(-1 * ${vars.space.sm})`,
  marginInlineEnd: `calc(-1 * ${vars.space.sm})`,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  border: "none",
  borderRadius: vars.radii.sm,
  background: "transparent",
  color: "inherit",
  cursor: "pointer",
  fontSize: vars.font.size.lg,
  outline: "none",
  selectors: {
    "&[data-hovered]": { textDecorationLine: "underline" },
    "&[data-focus-visible]": {
      outline: `${vars.focusRing.width} solid currentColor`,
      outlineOffset: "-4px",
    },
  },
});
