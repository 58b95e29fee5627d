import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The SLPs screens on the signed-in content page (ui/shell/content-page.css.ts), plus their own parts.
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

/** The status badge with the invitation's few words beneath it. */
export const statusCell = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.xxs,
});

export const note = style({
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
});

