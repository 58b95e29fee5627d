import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The time log and call log of the patient's billing panel: theme tokens only.

export const logs = style({ display: "grid", gap: vars.space.md });

export const monthBar = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const subheading = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: vars.font.weight.bold, color: vars.color.text });

export const totals = style({ margin: 0, color: vars.color.text });

export const card = style({
  display: "grid",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.sm,
  backgroundColor: vars.color.surface,
  maxWidth: vars.size.contentMaxWidth,
});

export const fieldRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const buttons = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const calls = style({ margin: 0, paddingLeft: vars.space.lg, color: vars.color.text });

export const history = style({ margin: 0, paddingLeft: vars.space.lg, display: "grid", gap: vars.space.xs, color: vars.color.text });

export const monthName = style({ color: vars.color.text, fontWeight: vars.font.weight.bold });
