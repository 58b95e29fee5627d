import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const tooltip = style({
  maxWidth: "20rem",
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.xs,
  borderRadius: vars.radii.sm,
  background: vars.color.text,
  color: vars.color.surface,
  fontSize: vars.font.size.sm,
  lineHeight: vars.font.lineHeight.tight,
  overflowWrap: "anywhere",
  boxShadow: "0 2px 8px rgb(0 0 0 / 0.2)",
});
