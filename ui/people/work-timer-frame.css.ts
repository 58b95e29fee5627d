import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// The work timer bar: theme tokens only (text and textMuted on surfaceSunken keep 7:1, tokens.ts).

export const bar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.sm,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
});

export const words = style({ display: "grid", gap: vars.space.xxs, margin: 0 });

export const status = style({ margin: 0, fontWeight: vars.font.weight.bold, color: vars.color.text, fontVariantNumeric: "tabular-nums" });

export const detail = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.sm });

export const buttons = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

/** The bar's place while its code loads, without the patient's name: laid out, never seen (WorkTimerPlaceholder). */
export const placeholder = style({ visibility: "hidden" });

/** The placeholder's buttons: laid out as the bar's (no box of their own), never seen. */
export const placeholderButtons = style({ display: "contents", visibility: "hidden" });
