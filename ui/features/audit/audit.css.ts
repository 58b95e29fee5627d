import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The audit log page on the signed-in content page (ui/shell/content-page.css.ts) with the parts
// every list page shares (ui/people/record.css.ts).
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";
export { actions, filters, header, list } from "../../people/record.css.ts";

export const fieldRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "flex-start" });
export const reviewList = style({ margin: 0, paddingInlineStart: "1.25rem", display: "grid", gap: vars.space.xs });
