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

// On a phone the two buttons and the month's name do not fit one line (issue 31: /rtm was 495 px
// wide at 390 px): the row wraps, within the page's width, rather than scroll sideways.
export const month = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  maxWidth: "100%",
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
