import { style } from "@vanilla-extract/css";

// Read by screen readers, never shown: the countdown is already on screen in the text above.
export const announcer = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
});
