import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useId, useMemo } from "react";
import type { RatingField } from "../../../domain/communication-ratings/rating-check.ts";
import { emptyRatingDraft } from "../../../domain/communication-ratings/rating-check.ts";
import { LEVEL_LABELS, RATING_LEVELS, RATING_OCCASION_NAMES, RATING_OCCASIONS, RATING_SCALE_NAMES, RATING_SCALES, type RatingScale } from "../../../domain/communication-ratings/rating-scales.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { DateField } from "../../kit/date-field.tsx";
import { Form } from "../../kit/form.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { ratingFormLogicFor } from "./communication-ratings-machines.ts";
import * as styles from "./communication-ratings.css.ts";
import { useCreateRatings } from "./use-communication-ratings.ts";

const NOT_RATED = "none";
const OCCASION_OPTIONS = RATING_OCCASIONS.map((occasion) => ({ id: occasion, label: RATING_OCCASION_NAMES[occasion] }));
const LEVEL_OPTIONS = [{ id: NOT_RATED, label: "Not rated" }, ...RATING_LEVELS.map((level) => ({ id: String(level), label: `${level}: ${LEVEL_LABELS[level] ?? ""}` }))];

type RatingFormProps = {
  readonly patientId: PatientId;
  /** The institution's zone and today on its calendar: the day is typed and checked there. */
  readonly timeZone: string;
  readonly today: string;
};

// A new rating (issue 37): the occasion, its day and a level for each scale assessed, on the
// rating form machine (machines/communication-ratings/rating-form.machine.ts), which checks what
// the server checks before sending. Each message sits under its field and the focus goes to the
// first one; the form stays open once saved, empty again, for the next occasion or a correction.
export function RatingForm({ patientId, timeZone, today }: RatingFormProps) {
  const headingId = useId();
  const { mutateAsync } = useCreateRatings(patientId);
  const logic = useMemo(
    () =>
      ratingFormLogicFor({ timeZone, today }, async ({ value }) => {
        const created = await mutateAsync({ occasion: value.occasion, rated_on: value.ratedOn, levels: value.levels });
        const count = created.ratings.length;
        confirmChange({ title: `Rating saved: ${count === 1 ? "1 scale" : `${count} scales`}, ${RATING_OCCASION_NAMES[value.occasion].toLowerCase()}` });
        return created;
      }),
    [timeZone, today, mutateAsync],
  );
  const actor = useActorRef(logic, { input: { draft: emptyRatingDraft(today) } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const pending = useSelector(actor, (snapshot) => snapshot.matches("submitting"));
  const { ref: focusRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(errors);

  const set = (field: "occasion" | "ratedOn" | RatingScale) => (value: string) => actor.send({ type: "form.change", field, value });
  const fieldProps = (field: RatingField) => (errors[field] === undefined ? { isInvalid: false } : { isInvalid: true, errorMessage: errors[field] });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    armFocus();
    actor.send({ type: "form.submit", now: new Date() });
  };

  return (
    <div ref={focusRef} className={styles.card} role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subheading}>
        Add a rating
      </h3>
      <Alert>{failure === null ? null : failureMessage(failure)}</Alert>
      <Form onSubmit={submit} validationBehavior="aria">
        <div className={styles.fieldRow}>
          <SelectField label="Occasion" options={OCCASION_OPTIONS} value={draft.occasion === "" ? null : draft.occasion} onChange={set("occasion")} isRequired {...fieldProps("occasion")} />
          <DateField label="Date of the rating" isRequired value={draft.ratedOn} onChange={set("ratedOn")} description={`Today or earlier, ${timeZone} time`} {...fieldProps("ratedOn")} />
        </div>
        <fieldset className={styles.scales}>
          <legend className={styles.legend}>Level of each scale assessed (1 lowest, 7 highest)</legend>
          {RATING_SCALES.map((scale, index) => (
            <SelectField
              key={scale}
              label={RATING_SCALE_NAMES[scale]}
              options={LEVEL_OPTIONS}
              value={draft[scale] === "" ? NOT_RATED : draft[scale]}
              onChange={(id) => set(scale)(id === NOT_RATED ? "" : id)}
              // The scales' one message ("Rate at least one scale") sits under the first, where the focus goes.
              {...(index === 0 ? fieldProps("levels") : {})}
            />
          ))}
        </fieldset>
        <div className={styles.buttons}>
          <Button type="submit" isPending={pending}>
            Save rating
          </Button>
        </div>
      </Form>
    </div>
  );
}
