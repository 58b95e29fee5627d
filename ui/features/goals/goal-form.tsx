import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from "react";
import { GOAL_KIND, GOAL_LIFECYCLE, GOAL_WINDOW } from "../../../domain/goals/goal-criterion.ts";
import { type GoalDraft, draftLifecycle, goalDraftOf, newGoalDraft } from "../../../domain/goals/goal-draft.ts";
import type { GoalField } from "../../../domain/goals/goal-form.ts";
import type { GoalWire } from "../../../domain/goals/goals-wire.ts";
import type { CalendarDay } from "../../../domain/shared/calendar/zone.ts";
import { DIFFICULTY_ORDER } from "../../../domain/shared/games/difficulty.ts";
import { GAME_TYPES, gameTypeName } from "../../../domain/shared/games/game-type.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { isStaleVersionFailure } from "../../../domain/shared/record-conflict.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { CheckboxGroup } from "../../kit/checkbox-group.tsx";
import { DateField } from "../../kit/date-field.tsx";
import { Form } from "../../kit/form.tsx";
import { Radio } from "../../kit/radio.tsx";
import { RadioGroup } from "../../kit/radio-group.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { TextField } from "../../kit/text-field.tsx";
import * as styles from "./goals.css.ts";
import { goalFormLogicFor } from "./goals-machines.ts";
import { useCreateGoal, useEditGoal } from "./use-goals.ts";

const GAME_OPTIONS = GAME_TYPES.map((type) => ({ id: type, label: gameTypeName(type) }));
const LEVEL_OPTIONS = DIFFICULTY_ORDER.map((level) => ({ id: level, label: `${level.charAt(0).toUpperCase()}${level.slice(1)} or harder` }));

export type GoalFormProps = {
  readonly patientId: PatientId;
  /** The goal edited, or null for a new one. */
  readonly goal: GoalWire | null;
  /** The long-term goals a new short-term goal may sit under. */
  readonly longTermGoals: readonly GoalWire[];
  /** Today in the institution's zone (a new goal starts on it). */
  readonly today: CalendarDay;
  /** Closes the form; the caller returns the focus to what opened it. */
  readonly onClose: () => void;
};

// A goal's form (issue 37) on the goal form machine: the statement, the measurable criterion
// (games, level, accuracy, N consecutive or N of the last M), dates and an optional entered
// baseline. The machine checks what the server checks; every message sits under its field and
// the focus goes to the first one. Escape cancels. A stale edit (412) says so and the list reloads.
export function GoalForm({ patientId, goal, longTermGoals, today, onClose }: GoalFormProps) {
  const headingId = useId();
  const create = useCreateGoal(patientId);
  const edit = useEditGoal(patientId);
  // The machine is made once per opening of the form, with the submit that fits it.
  const [logic] = useState(() =>
    goalFormLogicFor(({ draft: sent, value }) => {
      if (goal === null) return create.mutateAsync(value);
      const { kind: _kind, parent_goal: _parent, ...changes } = value;
      const lifecycle = draftLifecycle(sent);
      return edit.mutateAsync({ goalId: goal.id, body: { ...changes, ...(lifecycle === undefined ? {} : { lifecycle }), version: goal.version } });
    }),
  );
  const actor = useActorRef(logic, { input: { draft: goal === null ? newGoalDraft(today) : goalDraftOf(goal) } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const pending = useSelector(actor, (snapshot) => snapshot.matches("submitting"));
  const done = useSelector(actor, (snapshot) => snapshot.matches("done"));
  const { ref: focusRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(errors);

  useEffect(() => {
    if (!done) return;
    confirmChange({ title: goal === null ? "Goal written" : `${goal.label} saved` });
    onClose();
  }, [done, goal, onClose]);

  const alert =
    failure === null
      ? null
      : isStaleVersionFailure(failure)
        ? "Someone else changed this goal meanwhile. The goals have been reloaded: close this form, check the goal and make your change again."
        : failureMessage(failure);

  const set = (field: keyof GoalDraft) => (value: string | string[]) => actor.send({ type: "form.change", field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    armFocus();
    actor.send({ type: "form.submit", now: new Date() });
  };
  const escape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };
  const fieldProps = (field: GoalField) => (errors[field] === undefined ? { isInvalid: false } : { isInvalid: true, errorMessage: errors[field] });
  const ofLast = draft.window === GOAL_WINDOW.ofLast;

  return (
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape anywhere in the form cancels it; the fields take the keys
    <div ref={focusRef} className={styles.card} role="group" aria-labelledby={headingId} onKeyDown={escape}>
      <h3 id={headingId} className={styles.cardHeading}>
        {goal === null ? "New goal" : `Edit ${goal.label}`}
      </h3>
      <Alert>{alert}</Alert>
      <Form onSubmit={submit} validationBehavior="aria">
        {goal === null ? (
          <RadioGroup label="Kind of goal" value={draft.kind} onChange={set("kind")} orientation="horizontal" {...fieldProps("kind")}>
            <Radio value={GOAL_KIND.longTerm} label="Long-term goal (LTG)" />
            <Radio value={GOAL_KIND.shortTerm} label="Short-term goal (STG)" isDisabled={longTermGoals.length === 0} />
          </RadioGroup>
        ) : null}
        {goal === null && draft.kind === GOAL_KIND.shortTerm ? (
          <SelectField
            label="Under long-term goal"
            options={longTermGoals.map((ltg) => ({ id: String(ltg.id), label: `${ltg.label}: ${ltg.statement}` }))}
            value={draft.parent_goal === "" ? null : draft.parent_goal}
            onChange={set("parent_goal")}
            isRequired
            {...fieldProps("parent_goal")}
          />
        ) : null}
        <TextField label="Goal statement" rows={2} isRequired value={draft.statement} onChange={set("statement")} autoFocus description="In words, as it goes in the plan of care" {...fieldProps("statement")} />
        <CheckboxGroup label="Exercises (any of)" options={GAME_OPTIONS} value={draft.game_types} onChange={set("game_types")} isRequired {...fieldProps("game_types")} />
        <div className={styles.fieldRow}>
          <SelectField label="Level at least" options={LEVEL_OPTIONS} value={draft.min_level === "" ? null : draft.min_level} onChange={set("min_level")} isRequired {...fieldProps("min_level")} />
          <TextField label="Accuracy at least (%)" inputMode="numeric" isRequired value={draft.min_accuracy} onChange={set("min_accuracy")} description="1 to 100, after your corrections" {...fieldProps("min_accuracy")} />
        </div>
        <RadioGroup label="Over" value={draft.window} onChange={set("window")} {...fieldProps("window")}>
          <Radio value={GOAL_WINDOW.consecutive} label="N consecutive sessions" />
          <Radio value={GOAL_WINDOW.ofLast} label="N of the last M sessions" />
        </RadioGroup>
        <div className={styles.fieldRow}>
          <TextField label="Sessions (N)" inputMode="numeric" isRequired value={draft.sessions} onChange={set("sessions")} description="1 to 50" {...fieldProps("sessions")} />
          {ofLast ? <TextField label="Of the last (M)" inputMode="numeric" isRequired value={draft.of_sessions} onChange={set("of_sessions")} description="N to 100" {...fieldProps("of_sessions")} /> : null}
        </div>
        <div className={styles.fieldRow}>
          <DateField label="Start date" isRequired value={draft.start_date} onChange={set("start_date")} {...fieldProps("start_date")} />
          <DateField label="Due date" isRequired value={draft.due_date} onChange={set("due_date")} {...fieldProps("due_date")} />
        </div>
        <TextField
          label="Baseline (%), optional"
          inputMode="decimal"
          value={draft.baseline}
          onChange={set("baseline")}
          description="Leave empty to work it out from the three sessions before the start"
          {...fieldProps("baseline")}
        />
        {goal === null ? null : (
          // Closing keeps the goal (never deleted): it stays listed with its state, and can be reopened.
          <RadioGroup label="State of the goal" value={draft.lifecycle} onChange={set("lifecycle")}>
            <Radio value={GOAL_LIFECYCLE.active} label="Active" description="worked on, judged from the sessions" />
            <Radio value={GOAL_LIFECYCLE.met} label="Closed as met" />
            <Radio value={GOAL_LIFECYCLE.discontinued} label="Discontinued" description="kept, shown as not attainable" />
          </RadioGroup>
        )}
        <div className={styles.buttons}>
          <Button type="submit" isPending={pending}>
            Save the goal
          </Button>
          <Button variant="secondary" isDisabled={pending} onPress={onClose}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}
