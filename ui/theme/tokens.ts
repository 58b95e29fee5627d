// Raw design tokens as plain values. The vanilla-extract theme (theme.css.ts) turns them into CSS
// variables; contrast.test.ts reads them here, because a .css.ts file only yields var() names.

export const colors = {
  page: "#f5f7fa",
  surface: "#ffffff",
  surfaceSunken: "#eef1f5",
  text: "#18202f",
  textMuted: "#444e61",
  border: "#6b7588",
  borderSubtle: "#d5dae3",
  link: "#1849a9",
  linkHover: "#123a87",
  primary: "#1a47a6",
  primaryHover: "#18429b",
  primaryPressed: "#12357e",
  onPrimary: "#ffffff",
  secondary: "#ffffff",
  secondaryHover: "#e8eefb",
  secondaryPressed: "#d6e1f7",
  onSecondary: "#173f93",
  destructive: "#9f1e15",
  destructiveHover: "#871a12",
  destructivePressed: "#6e150f",
  onDestructive: "#ffffff",
  danger: "#9f1e15",
  disabled: "#e3e7ee",
  onDisabled: "#404857",
  focusRing: "#1d4fb8",
} as const;

export type ColorToken = keyof typeof colors;

/**
 * Every foreground/background combination the UI draws, with the threshold it must meet
 * (minimumContrast in contrast.ts): "text" 7:1 (WCAG AAA), "large" 4.5:1 (18.66 px bold / 24 px,
 * AAA), "ui" 3:1 (borders, focus ring).
 * Adding a token use in a new combination means adding it here, so the contrast test covers it.
 */
export const contrastPairs: ReadonlyArray<{
  readonly foreground: ColorToken;
  readonly background: ColorToken;
  readonly kind: "text" | "large" | "ui";
}> = [
  { foreground: "text", background: "page", kind: "text" },
  { foreground: "text", background: "surface", kind: "text" },
  { foreground: "text", background: "surfaceSunken", kind: "text" },
  { foreground: "textMuted", background: "page", kind: "text" },
  { foreground: "textMuted", background: "surface", kind: "text" },
  { foreground: "textMuted", background: "surfaceSunken", kind: "text" },
  { foreground: "link", background: "page", kind: "text" },
  { foreground: "link", background: "surface", kind: "text" },
  { foreground: "linkHover", background: "page", kind: "text" },
  { foreground: "linkHover", background: "surface", kind: "text" },
  // The selected settings tab and the wordmark are primary-coloured text.
  { foreground: "primary", background: "page", kind: "text" },
  { foreground: "primary", background: "surface", kind: "text" },
  { foreground: "danger", background: "page", kind: "text" },
  { foreground: "danger", background: "surface", kind: "text" },
  { foreground: "onPrimary", background: "primary", kind: "text" },
  { foreground: "onPrimary", background: "primaryHover", kind: "text" },
  { foreground: "onPrimary", background: "primaryPressed", kind: "text" },
  { foreground: "onSecondary", background: "secondary", kind: "text" },
  { foreground: "onSecondary", background: "secondaryHover", kind: "text" },
  { foreground: "onSecondary", background: "secondaryPressed", kind: "text" },
  { foreground: "onDestructive", background: "destructive", kind: "text" },
  { foreground: "onDestructive", background: "destructiveHover", kind: "text" },
  { foreground: "onDestructive", background: "destructivePressed", kind: "text" },
  // Disabled controls are exempt from WCAG contrast, but clinicians still need to read them.
  { foreground: "onDisabled", background: "disabled", kind: "text" },
  { foreground: "border", background: "surface", kind: "ui" },
  { foreground: "border", background: "page", kind: "ui" },
  { foreground: "danger", background: "surface", kind: "ui" },
  { foreground: "focusRing", background: "page", kind: "ui" },
  { foreground: "focusRing", background: "surface", kind: "ui" },
  { foreground: "focusRing", background: "secondaryHover", kind: "ui" },
  { foreground: "primary", background: "page", kind: "ui" },
  { foreground: "primary", background: "surface", kind: "ui" },
];

/**
 * Colours drawn only as decoration (section dividers, card outlines next to a labelled control),
 * which WCAG 1.4.11 exempts; nothing a user must perceive to operate the UI may use them.
 */
export const decorativeColors: ReadonlyArray<ColorToken> = ["borderSubtle"];

export const space = {
  none: "0",
  xxs: "0.25rem",
  xs: "0.5rem",
  sm: "0.75rem",
  md: "1rem",
  lg: "1.5rem",
  xl: "2rem",
  xxl: "3rem",
} as const;

export const fontFamily = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif',
  mono: 'ui-monospace, "SFMono-Regular", "Liberation Mono", Menlo, monospace',
} as const;

// rem-based so the browser's font-size preference scales the whole UI.
export const fontSize = {
  sm: "0.875rem",
  md: "1rem",
  lg: "1.25rem",
  xl: "1.5rem",
  xxl: "2rem",
} as const;

export const fontWeight = {
  regular: "400",
  medium: "500",
  bold: "700",
} as const;

export const lineHeight = {
  tight: "1.25",
  body: "1.5",
} as const;

export const radii = {
  sm: "4px",
  md: "6px",
  lg: "10px",
  pill: "999px",
} as const;

export const focusRing = {
  width: "3px",
  offset: "2px",
} as const;

export const sizes = {
  // Spec section 9: primary button height 44 px, which is also the WCAG 2.5.5 target size.
  controlHeight: "44px",
  contentMaxWidth: "40rem",
} as const;

export const motion = {
  durationFast: "120ms",
  durationSlow: "300ms",
} as const;
