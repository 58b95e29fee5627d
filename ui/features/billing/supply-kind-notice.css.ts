import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

// A notice that billing is held back: text on the plain surface (7:1 and more), marked by a thick
// border on its start side as well as by its heading, so nothing rests on colour.
export const notice = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderInlineStartWidth: "0.375rem",
  borderRadius: vars.radii.md,
});

export const title = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: vars.font.weight.bold });

export const text = style({ margin: 0 });
