import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The month-end summary on the signed-in content page, printable: on paper only the summary shows
// (no sidebar, breadcrumb, skip link or buttons), in black on white, tables kept whole.
export { heading, lead, muted, page } from "../../shell/content-page.css.ts";

export const summary = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });

export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.md });

export const reason = style({ margin: 0, color: vars.color.textMuted });

export const totals = style({ borderCollapse: "collapse", minWidth: "20rem" });
globalStyle(`${totals} th, ${totals} td`, { textAlign: "start", padding: `${vars.space.xs} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}` });
globalStyle(`${totals} td:not(:first-child), ${totals} th:not(:first-child)`, { textAlign: "end" });

/** What is for the screen only: the month's navigation and the buttons. */
export const screenOnly = style({ "@media": { print: { display: "none" } } });

globalStyle(`body:has(${summary}) nav, body:has(${summary}) [data-skip-link], body:has(${summary}) a[href="#main-content"]`, { "@media": { print: { display: "none" } } });
globalStyle(`body:has(${summary}) main`, { "@media": { print: { maxWidth: "none", padding: 0, margin: 0 } } });
globalStyle(`${summary}, ${summary} *`, { "@media": { print: { color: "black", background: "white" } } });
globalStyle(`${totals}`, { "@media": { print: { breakInside: "avoid" } } });

/** A locked month's differences: set apart by a border and a heading, not by colour alone. */
export const differences = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderInlineStartWidth: "0.375rem",
  borderRadius: vars.radii.md,
});

export const differencesTitle = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: vars.font.weight.bold });
