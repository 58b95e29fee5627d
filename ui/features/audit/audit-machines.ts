import { fromPromise } from "xstate";
import type { AuditFilterDraft, AuditFilterValues } from "../../../domain/audit/audit-view.ts";
import type { AuditReview, AuditReviewBody } from "../../../domain/audit/audit-wire.ts";
import { createAuditFilterFormMachine, createReviewFormMachine } from "../../../machines/audit/audit-forms.machine.ts";
import type { SubmitFormInput } from "../../../machines/shared/create-form.machine.ts";
import type { ReviewDraft } from "../../../domain/audit/audit-review-form.ts";

// The audit viewer's form machines get their effects here and nowhere else (docs/ui.md, "Where
// machines are provided"); the forms take the provided logic and render its actor.

/** The filter form, applying through `apply` (the page writes the filters to its address). */
export const auditFilterFormLogicFor = (apply: (filters: AuditFilterValues) => void) =>
  createAuditFilterFormMachine().provide({
    actors: {
      submitForm: fromPromise<AuditFilterDraft, SubmitFormInput<AuditFilterDraft, AuditFilterValues>>(async ({ input }) => {
        apply(input.value);
        return input.draft;
      }),
    },
  });

/** The sign-off form, its period checked against today in UTC, sending through `signOff` (POST audit/reviews/). */
export const reviewFormLogicFor = (signOff: (body: AuditReviewBody) => Promise<AuditReview>) =>
  createReviewFormMachine((now) => now.toISOString().slice(0, 10)).provide({
    actors: { submitForm: fromPromise<AuditReview, SubmitFormInput<ReviewDraft, AuditReviewBody>>(({ input }) => signOff(input.value)) },
  });
