import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The "Patient's app" section of the patient record: only theme tokens, in pairs that
// ui/theme/tokens.ts lists (text and textMuted on page and surface, primary as a ui edge).

/** The list area keeps one table's height while it loads, so the first answer moves nothing below it. */
export const listArea = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  minHeight: "7.5rem",
});

/** The connect form and the token panel: a card whose thick left edge marks it without colour alone. */
export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `4px solid ${vars.color.primary}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  maxWidth: vars.size.contentMaxWidth,
});

export const cardHeading = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
});

export const warning = style({
  margin: 0,
  fontWeight: vars.font.weight.bold,
});

export const note = style({
  margin: 0,
  color: vars.color.textMuted,
});

export const buttons = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
});
