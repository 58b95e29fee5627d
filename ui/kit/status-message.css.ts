import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const status = style({
  color: vars.color.text,
});

// Empty, the region takes no room but stays in the accessibility tree (see alert.css.ts).
export const empty = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
});
