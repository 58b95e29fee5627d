import { createGlobalTheme } from "@vanilla-extract/css";
import { colors, focusRing, fontFamily, fontSize, fontWeight, lineHeight, motion, radii, sizes, space } from "./tokens.ts";

// One global theme on :root: the portal has a single look, and plain CSS variables keep the
// values inspectable in the browser's dev tools.
export const vars = createGlobalTheme(":root", {
  color: colors,
  space,
  font: { family: fontFamily, size: fontSize, weight: fontWeight, lineHeight },
  radii,
  focusRing: { ...focusRing, color: colors.focusRing },
  size: sizes,
  motion,
});
