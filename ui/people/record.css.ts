import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// What the record pages of people and institutions (and their lists) share on the signed-in
// content page (ui/shell/content-page.css.ts): a feature's own *.css.ts passes these on and adds
// its own parts.

/** The page's heading with what stands beside it (status badges), wrapping under it when narrow. */
export const header = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
});

export const filters = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 16rem), 1fr))",
  alignItems: "start",
  gap: vars.space.md,
});

/** A record's facts as a definition list: terms beside their values, one above the other on a narrow screen. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  margin: 0,
  "@media": {
    "screen and (max-width: 30rem)": { gridTemplateColumns: "1fr" },
  },
});

export const term = style({
  fontWeight: vars.font.weight.medium,
  color: vars.color.textMuted,
});

export const detail = style({
  margin: 0,
  overflowWrap: "anywhere",
});

/** A value that keeps the line breaks typed into it (a description). */
export const lines = style({
  whiteSpace: "pre-line",
});

/** A row of buttons (and badges), wrapping when narrow. */
export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
});

/** The same row with badges and buttons of other heights centred on one line. */
export const centredActions = style([actions, { alignItems: "center" }]);

/** A form of a record: its fields one above the other, at the content's reading width. */
export const form = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  maxWidth: vars.size.contentMaxWidth,
});

/** A short list inside a fact or a section, indented, its items spaced. */
export const list = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
});
