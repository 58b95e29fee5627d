import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The session detail page: the content page's column and headings, the kit's table look, and what
// only attempts need (challenge group rows, notes, corrections, the inline editor).
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";
export { caption, table, tableScroller } from "../../kit/data-table.css.ts";

export const header = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.md });

export const review = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const challengeRow = style({ backgroundColor: vars.color.surfaceSunken });

export const editorRow = style({ backgroundColor: vars.color.page });

export const actionsCell = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space.xs, minWidth: "10rem" });

export const correct = style({ fontWeight: vars.font.weight.bold, color: vars.color.text });

export const wrong = style({ fontWeight: vars.font.weight.bold, color: vars.color.danger });

export const correction = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space.xxs, fontSize: vars.font.size.sm });

export const original = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: `0 ${vars.space.xs}`, margin: 0 });

export const notes = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space.xs, minWidth: "14rem" });

export const noteList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const note = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space.xxs });

export const noteType = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xxs, fontWeight: vars.font.weight.bold, fontSize: vars.font.size.sm });

export const swatch = style({ display: "inline-block", width: "0.75rem", height: "0.75rem", borderRadius: "50%", border: `1px solid ${vars.color.border}` });

export const noteText = style({ margin: 0, whiteSpace: "pre-wrap" });

export const noteMeta = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.color.textMuted });

export const noteForm = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, minWidth: "16rem" });

export const editor = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space.md });

export const formActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
