import { validateConfigurationName } from "../../../domain/exercises/configuration-name.ts";
import type { InstitutionGame } from "../../../domain/exercises/index.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import { type Difficulty, isDifficulty } from "../../../domain/shared/games/difficulty.ts";
import type { FormEvent } from "react";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { CheckboxGroup } from "../../kit/checkbox-group.tsx";
import { Form } from "../../kit/form.tsx";
import { TextField } from "../../kit/text-field.tsx";
import * as styles from "./exercises.css.ts";

export type TemplateFieldsProps = {
  readonly nameId: string;
  readonly name: string;
  readonly onNameChange: (name: string) => void;
  readonly nameError: string | null;
  readonly games: readonly InstitutionGame[];
  readonly ticked: ReadonlyMap<number, readonly Difficulty[]>;
  readonly onTickedChange: (ticked: ReadonlyMap<number, readonly Difficulty[]>) => void;
};

/** The name rules (ERROR_003, ERROR_004) for a name as typed: its message, or null when it passes. */
export const templateNameMessage = (name: string): string | null => {
  const result = validateConfigurationName(name);
  return result.ok ? null : result.message;
};

/** A template's name and, per game, the levels it prescribes: what creating and editing a template share. */
export function TemplateFields({ nameId, name, onNameChange, nameError, games, ticked, onTickedChange }: TemplateFieldsProps) {
  return (
    <>
      <TextField id={nameId} label="Template name" value={name} onChange={onNameChange} isInvalid={nameError !== null} errorMessage={nameError ?? undefined} isRequired />
      {games.length === 0 ? (
        <p className={styles.muted}>No games to choose from: the template keeps the games it has.</p>
      ) : (
        games.map((game) => (
          <CheckboxGroup
            key={game.id}
            label={`${game.name} levels`}
            options={game.levels.map((level) => ({ id: level.difficulty, label: difficultyLabel(level.difficulty) }))}
            value={ticked.get(game.id) ?? []}
            onChange={(ids) => onTickedChange(new Map(ticked).set(game.id, ids.filter(isDifficulty)))}
          />
        ))
      )}
    </>
  );
}

export type TemplateFormProps = TemplateFieldsProps & {
  /** A refusal that belongs to no field (a name refusal sits under the name instead). */
  readonly serverAlert: string | null;
  readonly submitLabel: string;
  readonly isPending: boolean;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  readonly onCancel: () => void;
};

/** The whole template form of the create and edit dialogs: the fields, a refusal, Save and Cancel. */
export function TemplateForm({ serverAlert, submitLabel, isPending, onSubmit, onCancel, ...fields }: TemplateFormProps) {
  return (
    <Form onSubmit={onSubmit} validationBehavior="aria">
      <div className={styles.formRow}>
        <TemplateFields {...fields} />
        <Alert>{serverAlert}</Alert>
        <div className={styles.toolbar}>
          <Button type="submit" isPending={isPending}>
            {submitLabel}
          </Button>
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    </Form>
  );
}
