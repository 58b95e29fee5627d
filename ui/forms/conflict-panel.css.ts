import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// Like the kit's alert, a thick left edge marks the panel without relying on colour alone.
export const panel = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radii.md,
  borderLeft: `4px solid ${vars.color.danger}`,
  backgroundColor: vars.color.surface,
});

export const heading = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: vars.font.weight.bold });

export const table = style({ borderCollapse: "collapse", textAlign: "left" });

export const cell = style({ padding: `${vars.space.xxs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "top", whiteSpace: "pre-wrap" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
