import { useSelector } from "@xstate/react";
import { useId } from "react";
import type { FormFieldKey } from "../../../domain/exercises/assignment-draft.ts";
import { formFieldKey } from "../../../domain/exercises/assignment-draft.ts";
import { checkFormBounds, type FileConfiguration } from "../../../domain/exercises/form-limits.ts";
import type { ExerciseForm, FormNumberField } from "../../../domain/exercises/game-forms.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import type { GameId } from "../../../domain/shared/ids.ts";
import { canAddFormTo, choicesFor, formsOf } from "../../../machines/exercises/game-selection.selectors.ts";
import { Button } from "../../kit/button.tsx";
import { Checkbox } from "../../kit/checkbox.tsx";
import { NumberField } from "../../kit/number-field.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { useGameSelection } from "../../game-selection/game-selection-provider.tsx";
import * as styles from "./assign.css.ts";

const NUMBER_LABELS: Readonly<Record<FormNumberField, string>> = {
  amountChallenges: "Challenges",
  amountTrials: "Trials",
  minRepetitionsPerDay: "Minimum repetitions per day",
  maxRepetitionsPerDay: "Maximum repetitions per day",
};
const NUMBER_FIELDS: readonly FormNumberField[] = ["amountChallenges", "amountTrials", "minRepetitionsPerDay", "maxRepetitionsPerDay"];

type GameFormsProps = {
  readonly gameId: GameId;
  readonly gameName: string;
  readonly limitsOf: (difficulty: Difficulty) => FileConfiguration | undefined;
  readonly errors: Readonly<Partial<Record<FormFieldKey, string>>>;
};

// One picked game's forms: a level (only the free ones, domain difficultyChoices), the doses within
// what the level's content file allows (said under each field), unlimited play, and Add another
// level while a free level remains. Every change goes to the game-selection machine.
export function AssignGameForms({ gameId, gameName, limitsOf, errors }: GameFormsProps) {
  const actor = useGameSelection();
  const forms = useSelector(actor, (snapshot) => formsOf(snapshot, gameId));
  const canAdd = useSelector(actor, (snapshot) => canAddFormTo(snapshot, gameId));
  const headingId = `assign-game-${gameId}`;
  return (
    <section className={styles.game} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.gameHeading}>
        {gameName}
      </h3>
      {forms.map((form, index) => (
        <FormFields key={form.formId} gameId={gameId} gameName={gameName} form={form} position={index + 1} count={forms.length} limits={limitsOf(form.difficulty)} errors={errors} />
      ))}
      {canAdd ? (
        <div>
          <Button variant="secondary" onPress={() => actor.send({ type: "form.add", gameId })} aria-label={`Add another level of ${gameName}`}>
            Add another level
          </Button>
        </div>
      ) : null}
    </section>
  );
}

type FormFieldsProps = {
  readonly gameId: GameId;
  readonly gameName: string;
  readonly form: ExerciseForm;
  readonly position: number;
  readonly count: number;
  readonly limits: FileConfiguration | undefined;
  readonly errors: Readonly<Partial<Record<FormFieldKey, string>>>;
};

function FormFields({ gameId, gameName, form, position, count, limits, errors }: FormFieldsProps) {
  const actor = useGameSelection();
  const choices = useSelector(actor, (snapshot) => choicesFor(snapshot, gameId, form.formId));
  const bounds = limits === undefined ? undefined : checkFormBounds(form, limits).bounds;
  const title = count > 1 ? `${gameName}, level ${position} of ${count}` : gameName;
  const error = (field: FormNumberField | "unlimited") => errors[formFieldKey(gameId, form.formId, field)];
  const unlimitedErrorId = `${useId()}-unlimited-error`;
  return (
    <fieldset className={styles.form}>
      <legend className={styles.legend}>{title}</legend>
      <SelectField
        label="Difficulty"
        options={[form.difficulty, ...choices.filter((level) => level !== form.difficulty)].map((level) => ({ id: level, label: difficultyLabel(level) }))}
        value={form.difficulty}
        onChange={(level) => actor.send({ type: "form.change", gameId, formId: form.formId, field: "difficulty", value: level })}
      />
      <div className={styles.numbers}>
        {NUMBER_FIELDS.map((field) => {
          const value = form[field];
          const problem = error(field);
          return (
            <NumberField
              key={field}
              label={NUMBER_LABELS[field]}
              value={value === null ? "" : String(value)}
              onChange={(text) => actor.send({ type: "form.change", gameId, formId: form.formId, field, value: text })}
              {...(bounds === undefined ? {} : { description: `${bounds[field].min} to ${bounds[field].max}` })}
              {...(problem === undefined ? {} : { isInvalid: true, errorMessage: problem })}
            />
          );
        })}
      </div>
      <Checkbox
        label="Unlimited play"
        isSelected={form.unlimited}
        onChange={(unlimited) => actor.send({ type: "form.change", gameId, formId: form.formId, field: "unlimited", value: unlimited })}
        {...(limits === undefined || limits.unlimited ? {} : { isDisabled: !form.unlimited })}
        {...(error("unlimited") === undefined ? {} : { isInvalid: true, describedBy: unlimitedErrorId })}
      />
      {error("unlimited") === undefined ? null : (
        <p id={unlimitedErrorId} className={styles.error}>
          {error("unlimited")}
        </p>
      )}
      {count > 1 ? (
        <div>
          <Button variant="secondary" onPress={() => actor.send({ type: "form.remove", gameId, formId: form.formId })} aria-label={`Remove ${title}`}>
            Remove this level
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
