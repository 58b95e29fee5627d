// The patients screens on the signed-in content page (ui/shell/content-page.css.ts) with the parts
// every record page shares (ui/people/record.css.ts).
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";
export { actions, facts, filters, header, list } from "../../people/record.css.ts";
