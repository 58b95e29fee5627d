import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The administrators screens on the signed-in content page (ui/shell/content-page.css.ts), plus their own parts.
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
  alignItems: "center",
  gap: vars.space.sm,
});

// A status badge and, for a pending person, where their invitation stands.
export const status = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
});

export const form = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  maxWidth: vars.size.contentMaxWidth,
});
