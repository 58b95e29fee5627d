import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The institutions screens on the signed-in content page (ui/shell/content-page.css.ts) with the parts
// every record page shares (ui/people/record.css.ts), plus their own parts.
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";
export { centredActions as actions, facts, filters, form, header, list } from "../../people/record.css.ts";

export const fieldset = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  border: "none",
  margin: 0,
  padding: 0,
  minWidth: 0,
});

export const legend = style({
  fontWeight: vars.font.weight.medium,
  padding: 0,
  marginBottom: vars.space.xs,
});

// One allowed domain: its field, and its Remove button beside it (below it on a narrow screen).
export const domainRow = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-start",
  gap: vars.space.sm,
});

export const domainField = style({
  flex: "1 1 14rem",
  minWidth: 0,
});

// The Remove button lines up with the input, not with the label above it.
export const domainRemove = style({
  paddingTop: "1.75rem",
});

// The institutions list's administrators: a row of initials, each read out as the full name.
export const avatars = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const avatar = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "2.25rem",
  height: "2.25rem",
  borderRadius: vars.radii.pill,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.sm,
});
