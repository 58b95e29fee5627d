import { style } from "@vanilla-extract/css";

/**
 * Words a screen reader says that the eye reads from the page around them (an e-mail shown
 * truncated, why an attempt is locked, a loading profile). One rule for every feature, so a fix
 * to how text is hidden reaches them all.
 */
export const visuallyHidden = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
  border: 0,
});
