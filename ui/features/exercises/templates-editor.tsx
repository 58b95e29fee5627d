import { type FormEvent, useId, useState } from "react";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import type { ExerciseTemplate, InstitutionGame } from "../../../domain/exercises/index.ts";
import { templateGamesFrom } from "../../../domain/exercises/template-draft.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { ModalDialog } from "../../kit/dialog.tsx";
import { TemplateEditDialog } from "./template-edit-dialog.tsx";
import { TemplateForm, templateNameMessage } from "./template-fields.tsx";
import { useTemplateWrite } from "./use-exercises.ts";

export type TemplateEditorProps = {
  /** The template to edit, or null to create one. */
  readonly template: ExerciseTemplate | null;
  /** The games the template may hold (the institution's), with their levels. */
  readonly games: readonly InstitutionGame[];
  readonly onClose: (saved: ExerciseTemplate | null) => void;
};

// Create or edit a template: its name (the configuration-name rules, ERROR_003 and ERROR_004, shown
// under the field) and, per game, the levels it prescribes. A new level starts at its content file's
// full dose (domain/exercises/template-draft.ts); the doses are tuned when assigning. The dialog
// keeps the focus inside and hands it back to the button that opened it. Editing goes through the
// template-edit machine, so a template someone else changed meanwhile is a conflict to decide.
export function TemplateEditor({ template, games, onClose }: TemplateEditorProps) {
  return template === null ? <TemplateCreateDialog games={games} onClose={onClose} /> : <TemplateEditDialog template={template} games={games} onClose={onClose} />;
}

function TemplateCreateDialog({ games, onClose }: Omit<TemplateEditorProps, "template">) {
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [ticked, setTicked] = useState<ReadonlyMap<number, readonly Difficulty[]>>(() => new Map());
  const nameId = useId();
  const focusName = () => document.getElementById(nameId)?.focus();
  const save = useTemplateWrite<{ readonly name: string }>((api, input) => api.createTemplate({ name: input.name, games: templateGamesFrom(games, ticked, null) }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = templateNameMessage(name);
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
    <ModalDialog isOpen onClose={() => onClose(null)} title="New template">
      <TemplateForm
        nameId={nameId}
        name={name}
        onNameChange={(value) => {
          setName(value);
          if (nameError !== null) setNameError(templateNameMessage(value));
        }}
        nameError={nameError}
        games={games}
        ticked={ticked}
        onTickedChange={setTicked}
        serverAlert={serverAlert}
        submitLabel="Create template"
        isPending={save.isPending}
        onSubmit={submit}
        onCancel={() => onClose(null)}
      />
    </ModalDialog>
  );
}
