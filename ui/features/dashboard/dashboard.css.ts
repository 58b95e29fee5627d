import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// Both dashboards: the signed-in content page's column, heading and sections (ui/shell/content-page.css.ts).
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.md,
});

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
});

export const listItem = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  backgroundColor: vars.color.surface,
});

// Where "Start reviewing" will be while the caseload is read: a button's size, unseen, so the line
// that arrives does not push the patients list down (issue 35, layout shift on a cold load).
export const buttonPlace = style({
  display: "inline-block",
  verticalAlign: "middle",
  inlineSize: "9rem",
  blockSize: vars.size.controlHeight,
  visibility: "hidden",
});
