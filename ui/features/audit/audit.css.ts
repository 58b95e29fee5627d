import { globalStyle, style } from "@vanilla-extract/css";
import { MAIN_NAVIGATION_ID } from "../../shell/shell-constants.ts";
import { vars } from "../../theme/theme.css.ts";

// The audit log page on the signed-in content page (ui/shell/content-page.css.ts) with the parts
// every list page shares (ui/people/record.css.ts).
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";
export { actions, filters, header, list } from "../../people/record.css.ts";

export const fieldRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "flex-start" });
export const reviewList = style({ margin: 0, paddingInlineStart: "1.25rem", display: "grid", gap: vars.space.xs });

/**
 * The accounting of disclosures prints as a letter to the patient (HIPAA 164.528): on paper only
 * the page's own content, without the sidebar, the form or the buttons, and tables unclipped.
 */
export const printPage = style({});
export const screenOnly = style({ "@media": { print: { display: "none" } } });
globalStyle(`body:has(${printPage}) #${MAIN_NAVIGATION_ID}, body:has(${printPage}) header:not(main header)`, { "@media": { print: { display: "none" } } });
globalStyle(`${printPage} [role="region"]`, { "@media": { print: { overflow: "visible" } } });
globalStyle(`${printPage}`, { "@media": { print: { color: "black", background: "white" } } });
