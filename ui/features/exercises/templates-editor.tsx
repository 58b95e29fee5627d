import { type FormEvent, useId, useState } from "react";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { validateConfigurationName } from "../../../domain/exercises/configuration-name.ts";
import type { ExerciseTemplate, InstitutionGame } from "../../../domain/exercises/index.ts";
import { templateGamesFrom, templateLevels } from "../../../domain/exercises/template-draft.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import { type Difficulty, isDifficulty } from "../../../domain/shared/games/difficulty.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { CheckboxGroup } from "../../kit/checkbox-group.tsx";
import { ModalDialog } from "../../kit/dialog.tsx";
import { Form } from "../../kit/form.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { useTemplateWrite } from "./use-exercises.ts";
import * as styles from "./exercises.css.ts";

export type TemplateEditorProps = {
  /** The template to edit, or null to create one. */
  readonly template: ExerciseTemplate | null;
  /** The games the template may hold (the institution's), with their levels. */
  readonly games: readonly InstitutionGame[];
  readonly onClose: (saved: ExerciseTemplate | null) => void;
};

const nameMessage = (name: string): string | null => {
  const result = validateConfigurationName(name);
  return result.ok ? null : result.message;
};

// Create or edit a template: its name (the configuration-name rules, ERROR_003 and ERROR_004, shown
// under the field) and, per game, the levels it prescribes. A new level starts at its content file's
// full dose (domain/exercises/template-draft.ts); the doses are tuned when assigning. The dialog
// keeps the focus inside and hands it back to the button that opened it.
export function TemplateEditor({ template, games, onClose }: TemplateEditorProps) {
  const [name, setName] = useState(template?.name ?? "");
  const [nameError, setNameError] = useState<string | null>(null);
  const [ticked, setTicked] = useState<ReadonlyMap<number, readonly Difficulty[]>>(() => (template === null ? new Map() : templateLevels(template)));
  const nameId = useId();
  const focusName = () => document.getElementById(nameId)?.focus();
  const save = useTemplateWrite<{ readonly name: string }>((api, input) => {
    const body = { name: input.name, games: templateGamesFrom(games, ticked, template) };
    return template === null ? api.createTemplate(body) : api.updateTemplate(template.id, body, template.version);
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = nameMessage(name);
    setNameError(message);
    if (message !== null) {
      focusName();
      return;
    }
    save.mutate(
      { name: name.trim() },
      {
        onSuccess: (saved) => onClose(saved),
        onError: (error) => {
          if (isApiFailure(error) && error.field === "name") {
            setNameError(error.message);
            focusName();
          }
        },
      },
    );
  };
  const serverAlert = save.isError && !(isApiFailure(save.error) && save.error.field === "name") ? failureMessage(save.error) : null;

  return (
    <ModalDialog isOpen onClose={() => onClose(null)} title={template === null ? "New template" : `Edit ${template.name}`}>
      <Form onSubmit={submit} validationBehavior="aria">
        <div className={styles.formRow}>
          <TextField
            id={nameId}
            label="Template name"
            value={name}
            onChange={(value) => {
              setName(value);
              if (nameError !== null) setNameError(nameMessage(value));
            }}
            isInvalid={nameError !== null}
            errorMessage={nameError ?? undefined}
            isRequired
          />
          {games.length === 0 ? (
            <p className={styles.muted}>No games to choose from: the template keeps the games it has.</p>
          ) : (
            games.map((game) => (
              <CheckboxGroup
                key={game.id}
                label={`${game.name} levels`}
                options={game.levels.map((level) => ({ id: level.difficulty, label: difficultyLabel(level.difficulty) }))}
                value={ticked.get(game.id) ?? []}
                onChange={(ids) => setTicked((before) => new Map(before).set(game.id, ids.filter(isDifficulty)))}
              />
            ))
          )}
          <Alert>{serverAlert}</Alert>
          <div className={styles.toolbar}>
            <Button type="submit" isPending={save.isPending}>
              {template === null ? "Create template" : "Save template"}
            </Button>
            <Button variant="secondary" onPress={() => onClose(null)}>
              Cancel
            </Button>
          </div>
        </div>
      </Form>
    </ModalDialog>
  );
}
