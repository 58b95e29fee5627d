import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// Settings is a content page inside the app layout's <main>: a readable column, tabs on top.
export const page = style({
  maxWidth: vars.size.contentMaxWidth,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
});

export const heading = style({
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
});

export const tabs = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
});

export const tabList = style({
  display: "flex",
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

// The selected tab is marked by a thick underline and bold text, not by colour alone.
export const tab = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: vars.size.controlHeight,
  paddingInline: vars.space.md,
  color: vars.color.textMuted,
  textDecoration: "none",
  borderBottom: "3px solid transparent",
  marginBottom: "-1px",
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { color: vars.color.text },
    "&[data-selected]": {
      color: vars.color.primary,
      fontWeight: vars.font.weight.bold,
      borderBottomColor: vars.color.primary,
    },
    "&[data-focus-visible]": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: `calc(-1 * ${vars.focusRing.width})`,
    },
  },
});

export const panel = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xl,
  outline: "none",
  selectors: {
    "&[data-focus-visible]": {
      outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
      outlineOffset: vars.focusRing.offset,
    },
  },
});

export const section = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
});

export const subheading = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
});

export const muted = style({
  color: vars.color.textMuted,
});

// The Remove phone number button sits under the phone field, its reason (when disabled) beside it.
export const phoneRemoval = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
  maxWidth: vars.size.contentMaxWidth,
});

export const readOnlyValue = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

export const readOnlyLabel = style({
  fontWeight: vars.font.weight.medium,
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
});

export const methodList = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

export const methodRow = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.sm,
  padding: vars.space.md,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
});

export const methodName = style({
  fontWeight: vars.font.weight.medium,
});

export const defaultBadge = style({
  marginInlineStart: vars.space.xs,
  paddingInline: vars.space.xs,
  borderRadius: vars.radii.pill,
  border: `1px solid ${vars.color.primary}`,
  color: vars.color.primary,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
});

