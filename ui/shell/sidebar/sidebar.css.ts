import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";
import { SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX, SIDEBAR_TRANSITION_MS } from "../shell-constants.ts";

const collapsed = `${SIDEBAR_COLLAPSED_PX}px`;
const widened = { width: `${SIDEBAR_EXPANDED_PX}px`, boxShadow: "4px 0 16px rgb(0 0 0 / 0.12)" } as const;

/**
 * Below this width the widened strip would cover most of the page it opened over (a 390 px phone
 * keeps 140 px beside it): there the content moves aside instead (layouts.css.ts, column).
 */
export const NARROW_SCREEN = "(max-width: 40rem)";
/** A pointer that really hovers: a touch screen's tap leaves a "sticky" hover that must not hold the strip open. */
export const HOVERING_POINTER = "(hover: hover) and (pointer: fine)";

// On a wide screen the strip overlays the page when it widens, so the content never reflows under
// the pointer. It widens on :focus-within, so keyboard users see the labels of what they focus,
// and on :hover only for a real hovering pointer.
export const sidebar = style({
  position: "fixed",
  insetBlock: 0,
  insetInlineStart: 0,
  zIndex: 10,
  width: collapsed,
  overflowX: "hidden",
  overflowY: "auto",
  display: "flex",
  flexDirection: "column",
  background: vars.color.surface,
  borderInlineEnd: `1px solid ${vars.color.borderSubtle}`,
  transition: `width ${SIDEBAR_TRANSITION_MS}ms ease`,
  selectors: {
    "&:focus-within": widened,
  },
  "@media": {
    [HOVERING_POINTER]: { selectors: { "&:hover": widened } },
    "(prefers-reduced-motion: reduce)": { transition: "none" },
  },
});

// Text that only shows in the wide strip. Opacity (never display:none) keeps it in the accessible
// name of its link while the strip is narrow.
export const reveal = style({
  opacity: 0,
  whiteSpace: "nowrap",
  transition: `opacity ${SIDEBAR_TRANSITION_MS}ms ease`,
  selectors: {
    [`${sidebar}:focus-within &`]: { opacity: 1 },
  },
  "@media": {
    [HOVERING_POINTER]: { selectors: { [`${sidebar}:hover &`]: { opacity: 1 } } },
    "(prefers-reduced-motion: reduce)": { transition: "none" },
  },
});

const row = {
  display: "flex",
  alignItems: "center",
  minHeight: vars.size.controlHeight,
  width: `${SIDEBAR_EXPANDED_PX}px`,
} as const;

const iconColumn = {
  flex: "none",
  width: collapsed,
  display: "inline-flex",
  justifyContent: "center",
} as const;

const focusVisible = {
  outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
  outlineOffset: `calc(-1 * ${vars.focusRing.width})`,
} as const;

export const logo = style({
  ...row,
  minHeight: "64px",
  color: vars.color.primary,
  textDecorationLine: "none",
  outline: "none",
  selectors: { "&[data-focus-visible]": focusVisible },
});

export const logoMark = style(iconColumn);

export const wordmark = style({
  color: vars.color.text,
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.md,
});

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  flex: 1,
});

export const entry = style({
  ...row,
  color: vars.color.text,
  textDecorationLine: "none",
  outline: "none",
  borderInlineStart: "4px solid transparent",
  selectors: {
    "&[data-hovered]": { background: vars.color.surfaceSunken },
    "&[data-focus-visible]": focusVisible,
    // The current area is marked by a bar and weight as well as colour.
    '&[aria-current="page"]': {
      background: vars.color.secondaryHover,
      color: vars.color.onSecondary,
      fontWeight: vars.font.weight.bold,
      borderInlineStartColor: vars.color.primary,
    },
  },
});

export const entryIcon = style({ ...iconColumn, marginInlineStart: "-4px" });

export const footer = style({
  borderBlockStart: `1px solid ${vars.color.borderSubtle}`,
  paddingBlock: vars.space.sm,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  width: `${SIDEBAR_EXPANDED_PX}px`,
});

export const profile = style({ display: "flex", alignItems: "center" });

export const avatarColumn = style(iconColumn);

export const avatar = style({
  width: "36px",
  height: "36px",
  borderRadius: vars.radii.pill,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.sm,
});

export const who = style({
  display: "flex",
  flexDirection: "column",
  minWidth: 0,
  paddingInlineEnd: vars.space.sm,
});

export const name = style({ fontWeight: vars.font.weight.medium });

export const email = style({
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
  borderRadius: vars.radii.sm,
  outline: "none",
  selectors: { "&:focus-visible": focusVisible },
});

export const actions = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.xxs,
  paddingInlineStart: collapsed,
  paddingInlineEnd: vars.space.sm,
});

const pulse = keyframes({
  "0%, 100%": { opacity: 1 },
  "50%": { opacity: 0.4 },
});

export const placeholder = style({ display: "flex", alignItems: "center" });

export const placeholderBlock = style({
  background: vars.color.surfaceSunken,
  borderRadius: vars.radii.sm,
  animation: `${pulse} 1.5s ease-in-out infinite`,
});

export const placeholderAvatar = style([placeholderBlock, { width: "36px", height: "36px", borderRadius: vars.radii.pill }]);

export const placeholderLines = style({ display: "flex", flexDirection: "column", gap: vars.space.xxs });

export const placeholderLine = style([placeholderBlock, { width: "8rem", height: "0.75rem" }]);

// An entry's count (the chat's unread messages): white on the primary colour (the theme's 7:1 pair).
export const badge = style({
  marginInlineStart: "auto",
  minWidth: "1.5rem",
  paddingInline: vars.space.xxs,
  borderRadius: vars.radii.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  textAlign: "center",
});
