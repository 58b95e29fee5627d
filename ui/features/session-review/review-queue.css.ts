import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The session page's review-queue parts: the previous/next row, the offer after a review mark, the
// shortcut list and the switch that turns the shortcuts off.

export const queueNav = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: `${vars.space.xs} ${vars.space.md}` });

export const after = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm, margin: 0 });

export const keys = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });

// A <div> groups each key with its words (valid in a <dl>) without boxing them out of the grid.
export const keyRow = style({ display: "contents" });

export const key = style({
  display: "inline-block",
  minWidth: "1.5rem",
  paddingInline: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.sm,
  fontFamily: "monospace",
  textAlign: "center",
});

export const keyText = style({ margin: 0 });

// The switch's track shows on/off by the knob's place and the words beside it, not by colour alone.
export const switchRoot = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: vars.size.controlHeight,
  cursor: "pointer",
  outline: "none",
});

export const track = style({
  flexShrink: 0,
  position: "relative",
  width: "2.5rem",
  height: "1.4rem",
  borderRadius: "999px",
  border: `2px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  selectors: {
    [`${switchRoot}[data-selected] &`]: { backgroundColor: vars.color.primary, borderColor: vars.color.primary },
    [`${switchRoot}[data-focus-visible] &`]: { outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`, outlineOffset: vars.focusRing.offset },
  },
});

export const knob = style({
  position: "absolute",
  top: "2px",
  left: "2px",
  width: "0.9rem",
  height: "0.9rem",
  borderRadius: "50%",
  backgroundColor: vars.color.text,
  selectors: {
    [`${switchRoot}[data-selected] &`]: { left: "calc(100% - 0.9rem - 2px)", backgroundColor: vars.color.onPrimary },
  },
});
