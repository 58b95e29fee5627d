import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The chat page: threads beside the open thread (stacked on a narrow screen). No animation at all,
// so there is nothing for prefers-reduced-motion to stop; scrolling to the newest is instant.

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(14rem, 20rem) minmax(0, 1fr)",
  gap: vars.space.lg,
  alignItems: "start",
  "@media": { "(max-width: 48rem)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const threads = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const threadList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.xxs });

export const threadLink = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: vars.space.xxs,
  padding: vars.space.sm,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecorationLine: "none",
  outline: "none",
  selectors: {
    "&[data-hovered]": { background: vars.color.surfaceSunken },
    "&[data-focus-visible]": { outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`, outlineOffset: vars.focusRing.offset },
    '&[aria-current="page"]': { borderColor: vars.color.primary, background: vars.color.secondaryHover, color: vars.color.onSecondary },
  },
});

export const threadName = style({ fontWeight: vars.font.weight.bold, overflowWrap: "anywhere" });
export const lastMessage = style({ gridColumn: "1 / -1", color: vars.color.textMuted, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
export const unread = style({
  alignSelf: "start",
  paddingInline: vars.space.xs,
  borderRadius: vars.radii.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
});

export const thread = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, minWidth: 0 });

export const log = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  maxHeight: "60vh",
  overflowY: "auto",
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  background: vars.color.surfaceSunken,
});

export const message = style({
  padding: vars.space.sm,
  borderRadius: vars.radii.md,
  background: vars.color.surface,
  color: vars.color.text,
  maxWidth: "85%",
  outline: "none",
  selectors: { "&:focus-visible": { outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`, outlineOffset: vars.focusRing.offset } },
});
export const own = style({ alignSelf: "flex-end", border: `1px solid ${vars.color.primary}` });
export const meta = style({ display: "flex", gap: vars.space.xs, flexWrap: "wrap", fontSize: vars.font.size.sm, color: vars.color.textMuted });
export const body = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere", margin: 0 });
export const mark = style({ fontSize: vars.font.size.sm, color: vars.color.textMuted });
export const failed = style({ fontSize: vars.font.size.sm, color: vars.color.danger });

export const composer = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });
export const composerRow = style({ display: "flex", gap: vars.space.xs, flexWrap: "wrap", alignItems: "center" });
export const textArea = style({
  minHeight: "5rem",
  padding: vars.space.xs,
  font: "inherit",
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  resize: "vertical",
  selectors: { "&[data-focus-visible], &:focus-visible": { outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`, outlineOffset: vars.focusRing.offset } },
});
export const label = style({ fontWeight: vars.font.weight.medium });
export const hint = style({ fontSize: vars.font.size.sm, color: vars.color.textMuted });
