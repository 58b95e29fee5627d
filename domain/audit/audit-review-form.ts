import { catalogueMessage } from "../shared/error-catalogue.ts";
import { dayLabel } from "../shared/calendar/labels.ts";
import { formatDateTime } from "../shared/format/date.ts";
import { periodProblem, previousWeek } from "./audit-period.ts";
import { REVIEW_NOTES_MAX, type AuditReview, type AuditReviewBody } from "./audit-wire.ts";

/** The longest period one sign-off covers (the server's rule too): a week, or a month to catch up. */
export const MAX_REVIEW_DAYS = 31;

export type ReviewDraft = { readonly period_start: string; readonly period_end: string; readonly notes: string };
export type ReviewField = keyof ReviewDraft;

/** The sign-off form opens on last week (Monday to Sunday), no notes. */
export const newReviewDraft = (today: string): ReviewDraft => {
  const week = previousWeek(today);
  return { period_start: week.start, period_end: week.end, notes: "" };
};

/**
 * The sign-off's check, the server's rules: both days, the first not after the last (ERROR_034),
 * at most 31 days, ended by today (UTC), notes at most 2000 characters.
 */
export const checkReviewDraft = (
  draft: ReviewDraft,
  today: string,
): { readonly ok: true; readonly value: AuditReviewBody } | { readonly ok: false; readonly errors: Partial<Record<ReviewField, string>> } => {
  const errors: Partial<Record<ReviewField, string>> = {};
  if (draft.period_start === "") errors.period_start = catalogueMessage("ERROR_003", { field_name: "first day" });
  if (draft.period_end === "") errors.period_end = catalogueMessage("ERROR_003", { field_name: "last day" });
  if (draft.period_start !== "" && draft.period_end !== "") {
    const problem = periodProblem(draft.period_start, draft.period_end, MAX_REVIEW_DAYS);
    if (problem?.code === "ERROR_034") errors.period_start = catalogueMessage("ERROR_034");
    else if (problem !== null) errors.period_end = `One sign-off covers at most ${MAX_REVIEW_DAYS} days`;
    else if (draft.period_end > today) errors.period_end = "The period must be over: its last day is today at the latest";
  }
  if (draft.notes.trim().length > REVIEW_NOTES_MAX) errors.notes = `At most ${REVIEW_NOTES_MAX} characters`;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: { period_start: draft.period_start, period_end: draft.period_end, notes: draft.notes.trim() } };
};

/** "Nov 23, 2026 to Nov 29, 2026, reviewed by Ada Lovelace on 11/30/2026 9:12 AM": a sign-off as the page and the dashboard say it. */
export const reviewText = (review: AuditReview): string =>
  `${dayLabel(review.period_start)} to ${dayLabel(review.period_end)}, reviewed by ${review.reviewer_name ?? "a former user"} on ${formatDateTime(review.reviewed_at)}`;
