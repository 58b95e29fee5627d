import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The /rtm page on the signed-in content page (ui/shell/content-page.css.ts), plus its own parts.
export { heading, lead, muted, page } from "../../shell/content-page.css.ts";

export const controls = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "end",
  gap: vars.space.md,
});

export const month = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
});

export const monthName = style({
  margin: 0,
  minWidth: "10rem",
  textAlign: "center",
  fontWeight: 600,
});

/** The count above the period's strip, held to about ten squares a row so the table stays readable. */
export const dataDays = style({
  display: "grid",
  gap: vars.space.xs,
  minWidth: "12rem",
  maxWidth: "19rem",
});
