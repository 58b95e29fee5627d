import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The SLPs screens on the signed-in content page (ui/shell/content-page.css.ts) with the parts
// every record page shares (ui/people/record.css.ts), plus their own parts.
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";
export { actions, facts, filters, header } from "../../people/record.css.ts";

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
