import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The administrators screens on the signed-in content page (ui/shell/content-page.css.ts) with the parts
// every record page shares (ui/people/record.css.ts), plus their own parts.
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";
export { centredActions as actions, facts, filters, form, header } from "../../people/record.css.ts";

// A status badge and, for a pending person, where their invitation stands.
export const status = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
});
