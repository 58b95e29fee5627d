import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";
import { SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX, SIDEBAR_TRANSITION_MS } from "./shell-constants.ts";
import { HOVERING_POINTER, NARROW_SCREEN, sidebar } from "./sidebar/sidebar.css.ts";

export const skipLink = style({
  position: "absolute",
  insetBlockStart: vars.space.xs,
  insetInlineStart: vars.space.xs,
  zIndex: 200,
  padding: vars.space.sm,
  background: vars.color.surface,
  color: vars.color.link,
  borderRadius: vars.radii.sm,
  // Off screen until focused: sighted keyboard users see it appear as their first stop.
  transform: "translateY(-200%)",
  selectors: {
    "&:focus": { transform: "none" },
  },
});

// After the page's h1: out of the flow (a header row keeps its layout) and clipped until focused,
// then shown where it stands, over the content, like the skip link at the top.
export const navigationSkipLink = style({
  position: "absolute",
  zIndex: 200,
  padding: vars.space.sm,
  background: vars.color.surface,
  color: vars.color.link,
  borderRadius: vars.radii.sm,
  whiteSpace: "nowrap",
  selectors: {
    "&:not(:focus)": {
      width: "1px",
      height: "1px",
      padding: 0,
      overflow: "hidden",
      clipPath: "inset(50%)",
    },
    "&:focus": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
  },
});

// The content sits beside the collapsed strip; on a wide screen the widened strip overlays it. On a
// narrow one (a phone) it would hide the page it opened over, so the content moves aside with it.
export const column = style({
  minHeight: "100vh",
  paddingInlineStart: `${SIDEBAR_COLLAPSED_PX}px`,
  display: "flex",
  flexDirection: "column",
  "@media": {
    [NARROW_SCREEN]: {
      transition: `padding-inline-start ${SIDEBAR_TRANSITION_MS}ms ease`,
      selectors: { [`body:has(${sidebar}:focus-within) &`]: { paddingInlineStart: `${SIDEBAR_EXPANDED_PX}px` } },
    },
    [`${NARROW_SCREEN} and ${HOVERING_POINTER}`]: {
      selectors: { [`body:has(${sidebar}:hover) &`]: { paddingInlineStart: `${SIDEBAR_EXPANDED_PX}px` } },
    },
    "(prefers-reduced-motion: reduce)": { transition: "none" },
  },
});

const mainBase = {
  flex: 1,
  width: "100%",
  marginInline: "auto",
  paddingBlock: vars.space.lg,
  paddingInline: vars.space.lg,
  outline: "none",
} as const;

export const main = style({ ...mainBase, maxWidth: "80rem" });

export const wideMain = style({ ...mainBase, maxWidth: "none" });

export const narrowMain = style({ ...mainBase, maxWidth: vars.size.contentMaxWidth, paddingBlock: vars.space.xl });

export const breadcrumbNav = style({
  paddingBlockStart: vars.space.md,
  paddingInline: vars.space.lg,
});

// One line, whatever the names: the trail's labels become the patient's and the exercise's names
// once they load, and a trail that wrapped then would push the whole page down (issue 35, layout
// shift). On a narrow screen each item gives way with an ellipsis; the whole name stays in the
// link's text for screen readers. The line is held before the items exist: React Aria renders a
// collection's items in a second pass after the first commit, and the empty list would otherwise
// be 0 px high for a frame, then push the page down by a line (0.013-0.041 of layout shift).
export const breadcrumbs = style({
  minBlockSize: "1lh",
  display: "flex",
  flexWrap: "nowrap",
  minWidth: 0,
  alignItems: "center",
  gap: vars.space.xs,
  listStyle: "none",
  margin: 0,
  padding: 0,
  fontSize: vars.font.size.sm,
});

export const breadcrumb = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  minWidth: 0,
  flexShrink: 1,
  selectors: {
    "&:not(:last-child)::after": { content: '"›"', color: vars.color.textMuted, flexShrink: 0 },
  },
});

export const breadcrumbLink = style({
  display: "block",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  color: vars.color.link,
  textDecorationLine: "underline",
  textUnderlineOffset: "0.2em",
  borderRadius: vars.radii.sm,
  outline: "none",
  selectors: {
    "&[data-hovered]": { color: vars.color.linkHover },
    "&[data-current]": { color: vars.color.text, textDecorationLine: "none", fontWeight: vars.font.weight.medium },
    "&[data-focus-visible]": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
  },
});

export const panelHeader = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  paddingInlineEnd: vars.space.lg,
  background: vars.color.surface,
  borderBlockEnd: `1px solid ${vars.color.borderSubtle}`,
  paddingBlockEnd: vars.space.sm,
});

export const createHeader = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.lg,
  background: vars.color.surface,
  borderBlockEnd: `1px solid ${vars.color.borderSubtle}`,
});

export const wordmarkLink = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: vars.size.controlHeight,
  color: vars.color.primary,
  textDecorationLine: "none",
  borderRadius: vars.radii.sm,
  outline: "none",
  selectors: {
    "&[data-focus-visible]": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
  },
});

export const wordmarkText = style({ color: vars.color.text, fontWeight: vars.font.weight.bold });

export const status = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.md,
});
