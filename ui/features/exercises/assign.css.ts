import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// The assign page on the create layout's narrow column (ui/shell/content-page.css.ts), plus its forms.
export { heading, muted, page, section, subheading } from "../../shell/content-page.css.ts";

export const game = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const gameHeading = style({ margin: 0, fontSize: vars.font.size.lg });

export const form = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radii.lg,
  backgroundColor: vars.color.surface,
});

export const legend = style({ fontWeight: vars.font.weight.bold, paddingInline: vars.space.xxs });

export const numbers = style({ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 12rem), 1fr))", gap: vars.space.sm });

export const filters = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space.md });

export const error = style({ margin: 0, color: vars.color.danger, fontWeight: vars.font.weight.medium });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const saveTemplate = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, paddingBlockStart: vars.space.sm, borderTop: `1px solid ${vars.color.borderSubtle}` });
