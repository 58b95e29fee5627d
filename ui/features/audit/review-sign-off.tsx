import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { newReviewDraft, reviewText, type ReviewField } from "../../../domain/audit/audit-review-form.ts";
import { dayLabel } from "../../../domain/shared/calendar/labels.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { DateField } from "../../kit/date-field.tsx";
import { Form } from "../../kit/form.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { reviewFormLogicFor } from "./audit-machines.ts";
import { useAuditReviews, useSignOff } from "./use-audit.ts";
import * as styles from "./audit.css.ts";

// The weekly review (issue 38, "Review sign-off"): the reviewer names the period they examined
// (last week by default) and what they noted, and signs it off; the latest sign-offs are listed
// under it, newest first. The form is the review machine's; a confirmation says it went through.
export function ReviewSignOff({ maySignOff }: { readonly maySignOff: boolean }) {
  const reviews = useAuditReviews();
  const signOff = useSignOff();
  const [logic] = useState(() =>
    reviewFormLogicFor(async (body) => {
      const review = await signOff.mutateAsync(body);
      confirmChange({ title: `Review signed off: ${dayLabel(review.period_start)} to ${dayLabel(review.period_end)}` });
      return review;
    }),
  );
  const [today] = useState(() => new Date().toISOString().slice(0, 10));
  const actor = useActorRef(logic, { input: { draft: newReviewDraft(today) } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const pending = useSelector(actor, (snapshot) => snapshot.matches("submitting"));
  const { ref, arm } = useFocusFirstInvalid<HTMLDivElement>(errors);
  const set = (field: ReviewField) => (value: string) => actor.send({ type: "form.change", field, value });
  const fieldProps = (field: ReviewField) => (errors[field] === undefined ? { isInvalid: false } : { isInvalid: true, errorMessage: errors[field] });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    arm();
    actor.send({ type: "form.submit", now: new Date() });
  };
  return (
    <section className={styles.section} aria-labelledby="audit-review-heading">
      <h2 id="audit-review-heading" className={styles.subheading}>
        Weekly review
      </h2>
      {maySignOff ? (
        <div ref={ref}>
          <Alert>{failure === null ? null : failureMessage(failure)}</Alert>
          <Form onSubmit={submit} validationBehavior="aria" aria-label="Sign off a review">
            <div className={styles.fieldRow}>
              <DateField label="First day reviewed" isRequired value={draft.period_start} onChange={set("period_start")} {...fieldProps("period_start")} />
              <DateField label="Last day reviewed" isRequired value={draft.period_end} onChange={set("period_end")} {...fieldProps("period_end")} />
            </div>
            <TextField label="Review notes" rows={3} value={draft.notes} onChange={set("notes")} description="What you examined and anything that needs follow-up" {...fieldProps("notes")} />
            <div className={styles.actions}>
              <Button type="submit" isPending={pending}>
                Sign off the review
              </Button>
            </div>
          </Form>
        </div>
      ) : null}
      <h3 className={styles.subheading}>Latest sign-offs</h3>
      <QueryStatus query={reviews} loading="Loading the sign-offs…" />
      {reviews.data === undefined ? null : reviews.data.results.length === 0 ? (
        <p className={styles.muted}>No review has been signed off yet.</p>
      ) : (
        <ul className={styles.reviewList}>
          {reviews.data.results.map((review) => (
            <li key={review.id}>
              {reviewText(review)}
              {review.notes === "" ? null : `: ${review.notes}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
