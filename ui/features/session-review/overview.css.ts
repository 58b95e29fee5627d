import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The exercise overview on the signed-in content page (ui/shell/content-page.css.ts), plus its chart
// (the tiles are the kit's StatTiles).
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";

export const header = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

// The chart's frame is the kit's value chart (ui/kit/value-chart.css.ts).
export { chart, chartScroller } from "../../kit/value-chart.css.ts";

export const alternative = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

// The disclosure's summary is a full-size target (44 px) with the house focus ring from global styles.
export const disclosure = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: vars.size.controlHeight,
  cursor: "pointer",
  color: vars.color.link,
  fontWeight: vars.font.weight.medium,
  textDecoration: "underline",
});

globalStyle(`${alternative}[open] > ${disclosure}`, { marginBottom: vars.space.sm });
