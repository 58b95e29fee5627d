/** The colour family of a status badge. */
export const BADGE_TONE = {
  neutral: "neutral",
  success: "success",
  warning: "warning",
  info: "info",
} as const;
export type BadgeTone = (typeof BADGE_TONE)[keyof typeof BADGE_TONE];

/** Active reads as good, inactive as a warning, pending as information; anything unexpected stays neutral rather than alarming. */
export const badgeToneForShownStatus = (shown: string): BadgeTone => {
  switch (shown) {
    case "active":
      return BADGE_TONE.success;
    case "inactive":
      return BADGE_TONE.warning;
    case "pending":
      return BADGE_TONE.info;
    default:
      return BADGE_TONE.neutral;
  }
};
