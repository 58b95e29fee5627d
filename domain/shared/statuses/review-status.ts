import { BADGE_TONE, type BadgeTone } from "./badge-tone.ts";

/** Whether an SLP has reviewed a patient's latest sessions. */
export const REVIEW_STATUS = {
  pending: "pending",
  reviewed: "reviewed",
} as const;
export type ReviewStatus = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];

/** The server sends a reviewed flag; false means sessions are waiting for the SLP. */
export const reviewStatusOf = (reviewed: boolean): ReviewStatus => (reviewed ? REVIEW_STATUS.reviewed : REVIEW_STATUS.pending);

/** Reviewed work reads as done; pending review is information for the SLP, not an alarm. */
export const reviewBadgeTone = (status: string): BadgeTone =>
  status === REVIEW_STATUS.reviewed ? BADGE_TONE.success : status === REVIEW_STATUS.pending ? BADGE_TONE.info : BADGE_TONE.neutral;
