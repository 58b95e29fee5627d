import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The patients screens on the signed-in content page (ui/shell/content-page.css.ts), plus their own parts.
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";

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

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
});

export const list = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
});
