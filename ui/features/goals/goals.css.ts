import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The Goals section of the patient record: theme tokens only (text on surface, border edges); the
// chart is the kit's value chart, the status the kit's badge with its words.

export const list = style({ display: "grid", gap: vars.space.lg, margin: 0, padding: 0, listStyle: "none" });

export const card = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.sm,
  backgroundColor: vars.color.surface,
  maxWidth: vars.size.contentMaxWidth,
});

export const cardHeading = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: vars.font.weight.bold, color: vars.color.text });

export const headingRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  margin: 0,
  "@media": { "screen and (max-width: 30rem)": { gridTemplateColumns: "1fr" } },
});

export const term = style({ fontWeight: vars.font.weight.medium, color: vars.color.textMuted });

export const detail = style({ margin: 0, color: vars.color.text, overflowWrap: "anywhere" });

export const summary = style({ margin: 0, color: vars.color.text, maxWidth: vars.size.contentMaxWidth });

export const fieldRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const buttons = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const alternative = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

// The disclosure's summary is a full-size target (44 px) with the house focus ring from global styles.
export const disclosure = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: vars.size.controlHeight,
  cursor: "pointer",
  color: vars.color.link,
  fontWeight: vars.font.weight.medium,
  textDecoration: "underline",
});
