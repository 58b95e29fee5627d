import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The session detail page: the content page's column and headings, the kit's table look, and what
// only attempts need (challenge group rows, notes, corrections, the inline editor).
export { heading, lead, muted, page, section, subheading } from "../../shell/content-page.css.ts";
export { caption, table, tableScroller } from "../../kit/data-table.css.ts";
import { table, tableScroller } from "../../kit/data-table.css.ts";

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

// Attempt tables are 900-1500 px wide; in a narrow content area (a 390 px phone leaves about 277 px)
// sideways scrolling hides most columns, so each attempt becomes a card: one cell a line, named by
// its column header (the cell's data-label). A container query, because the content area's width,
// not the window's, decides (the sidebar takes part of a tablet's). Wide screens keep the table as
// it is, with its header cells for screen readers; on narrow ones the header row stays in the
// accessibility tree (visually hidden) and the label is left out of it, so nothing is said twice.
const CARDS = "attempts (max-width: 48rem)";

export const attemptScroller = style([tableScroller, { containerType: "inline-size", containerName: "attempts" }]);

export const attemptTable = style([table]);

export const attemptHead = style({});

export const attemptRow = style({});

/** A row that spans the whole table (a challenge's heading, the correction form). */
export const wholeRow = style({});

const cards = (rules: Parameters<typeof globalStyle>[1]) => ({ "@container": { [CARDS]: rules } });

globalStyle(`${attemptTable}, ${attemptTable} > tbody, ${attemptTable} > caption`, cards({ display: "block", width: "100%" }));

globalStyle(
  `${attemptHead}`,
  cards({ position: "absolute", width: "1px", height: "1px", overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap" }),
);

globalStyle(`${attemptTable} tr${wholeRow}, ${attemptTable} tr${wholeRow} > th, ${attemptTable} tr${wholeRow} > td`, cards({ display: "block", width: "100%", boxSizing: "border-box" }));

globalStyle(
  `${attemptTable} tr${attemptRow}`,
  cards({
    display: "block",
    margin: vars.space.sm,
    padding: vars.space.xs,
    border: `1px solid ${vars.color.borderSubtle}`,
    borderRadius: vars.radii.md,
    backgroundColor: vars.color.surface,
  }),
);

globalStyle(
  `${attemptTable} tr${attemptRow} > td`,
  cards({
    display: "grid",
    gridTemplateColumns: "minmax(7.5rem, 40%) minmax(0, 1fr)",
    columnGap: vars.space.sm,
    alignItems: "start",
    borderTop: "none",
    paddingInline: vars.space.xs,
    overflowWrap: "anywhere",
  }),
);

globalStyle(
  `${attemptTable} tr${attemptRow} > td::before`,
  cards({
    // The alternative text after "/" keeps the label out of the accessibility tree where supported.
    content: ["attr(data-label)", 'attr(data-label) / ""'],
    // A label breaks between words only ("Transcription" stays whole); the value may break anywhere.
    overflowWrap: "normal",
    fontWeight: vars.font.weight.medium,
    color: vars.color.textMuted,
  }),
);

globalStyle(`${attemptTable} ${actionsCell}, ${attemptTable} ${notes}, ${attemptTable} ${noteForm}`, cards({ minWidth: 0 }));

/** The sentence above the attempts saying which scores the game locked and what remains (issue 31). */
export const lockedNote = style({ margin: 0, maxWidth: "60rem" });

export const copyNote = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space.sm, marginBlockStart: vars.space.sm });

// The manual copy of the note: wide enough to read a line of it whole.
export const manualCopy = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, width: "100%", maxWidth: "48rem" });
