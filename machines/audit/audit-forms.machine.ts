import { type AuditFilterDraft, type AuditFilterField, type AuditFilterValues, checkFilterDraft } from "../../domain/audit/audit-view.ts";
import { checkReviewDraft, type ReviewDraft, type ReviewField } from "../../domain/audit/audit-review-form.ts";
import type { AuditReview, AuditReviewBody } from "../../domain/audit/audit-wire.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusal } from "../shared/form-refusal.ts";

// The audit viewer's two forms (issue 38, docs/audit-viewer.md) on the shared create-form machine:
// the filters (checked as the server checks them, then "sent" to the address, staying open on what
// was applied) and the review sign-off (checked against today, then sent, staying open for the next).

const FILTER_FIELD_OF: Readonly<Record<string, AuditFilterField>> = { user: "user", patient: "patient", ip: "ip", from: "from", to: "to", action: "action", kind: "kind", outcome: "outcome" };
const REVIEW_FIELD_OF: Readonly<Record<string, ReviewField>> = { period_start: "period_start", period_end: "period_end", notes: "notes" };

/** The filter form: applying it hands the checked filters on; it stays open on what was applied. */
export const createAuditFilterFormMachine = () =>
  createCreateFormMachine<AuditFilterDraft, AuditFilterValues, AuditFilterField, AuditFilterDraft>({
    id: "auditFilterForm",
    check: (draft) => checkFilterDraft(draft),
    fieldOfFailure: fieldOfRefusal(FILTER_FIELD_OF),
    refill: (applied) => ({ draft: applied, basis: undefined }),
  });

/** The sign-off form, its period checked against today (UTC, the trail's clock); it stays open for the next week. */
export const createReviewFormMachine = (todayOf: (now: Date) => string) =>
  createCreateFormMachine<ReviewDraft, AuditReviewBody, ReviewField, AuditReview>({
    id: "auditReviewForm",
    check: (draft, now) => checkReviewDraft(draft, todayOf(now)),
    fieldOfFailure: fieldOfRefusal(REVIEW_FIELD_OF),
    refill: (signed) => ({ draft: { period_start: signed.period_start, period_end: signed.period_end, notes: "" }, basis: undefined }),
  });

export type AuditFilterFormMachine = ReturnType<typeof createAuditFilterFormMachine>;
export type ReviewFormMachine = ReturnType<typeof createReviewFormMachine>;
