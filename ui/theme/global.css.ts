import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./theme.css.ts";

globalStyle("*, *::before, *::after", {
  boxSizing: "border-box",
});

globalStyle("html", {
  // Keeps text size stable when a phone rotates; users' own zoom still works.
  WebkitTextSizeAdjust: "100%",
  textSizeAdjust: "100%",
});

globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  backgroundColor: vars.color.page,
  color: vars.color.text,
  fontFamily: vars.font.family.body,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.body,
  WebkitFontSmoothing: "antialiased",
});

globalStyle("h1, h2, h3, h4", {
  lineHeight: vars.font.lineHeight.tight,
  margin: 0,
});

globalStyle("p", {
  margin: 0,
});

globalStyle("button, input, select, textarea", {
  font: "inherit",
});

// Every focusable thing shows where keyboard focus is (WCAG 2.4.7 / 2.4.13); kit components use
// the same ring through their data-focus-visible state.
globalStyle(":focus-visible", {
  outline: `${vars.focusRing.width} solid ${vars.focusRing.color}`,
  outlineOffset: vars.focusRing.offset,
});

// React Aria's usePress would inject this rule as an inline <style>, which the strict CSP blocks;
// index.html carries the marker element that stops the injection, and the rule lives here instead.
// It stops double-tap zoom from delaying presses while keeping panning and pinch zoom.
globalStyle("[data-react-aria-pressable]", {
  touchAction: "pan-x pan-y pinch-zoom",
});

globalStyle("*, *::before, *::after", {
  "@media": {
    "(prefers-reduced-motion: reduce)": {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
      scrollBehavior: "auto",
    },
  },
});
