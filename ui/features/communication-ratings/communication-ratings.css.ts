import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The ratings section of the patient record: the table, then the form in a card like the time log's.
export const card = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  backgroundColor: vars.color.surface,
  maxWidth: "48rem",
});

export const subheading = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: vars.font.weight.bold, color: vars.color.text });

export const fieldRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

// Two columns of scales where there is room, one on a phone.
export const scales = style({ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(16rem, 1fr))", gap: vars.space.sm, border: "none", margin: 0, padding: 0 });

export const legend = style({ fontWeight: vars.font.weight.bold, color: vars.color.text, marginBlockEnd: vars.space.xs, padding: 0 });

export const buttons = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
