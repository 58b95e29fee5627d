import { useActorRef, useSelector } from "@xstate/react";
import type { AssignmentDraftOutcome, FormFieldKey } from "../../../domain/exercises/assignment-draft.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import type { ExerciseTemplate, TemplateCreateBody } from "../../../domain/exercises/templates-wire.ts";
import type { ExerciseTemplateId, InstitutionId } from "../../../domain/shared/ids.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { useTemplates, useTemplateWrite } from "./use-exercises.ts";
import { saveAsTemplateLogicFor } from "./exercises-machines.ts";
import * as styles from "./assign.css.ts";

const NO_TEMPLATE = "none";

/** Assign a saved template as it is, instead of the picked games' forms. */
export function AssignTemplateChoice({
  institutionId,
  value,
  onChange,
}: {
  readonly institutionId: InstitutionId | null;
  readonly value: ExerciseTemplateId | null;
  readonly onChange: (template: ExerciseTemplate | null) => void;
}) {
  const templates = useTemplates(institutionId);
  const chosen = templates.data?.find((template) => template.id === value);
  return (
    <section className={styles.section} aria-labelledby="assign-template-heading">
      <h2 id="assign-template-heading" className={styles.subheading}>
        Template
      </h2>
      <QueryStatus query={templates} loading="Loading the templates…" />
      <SelectField
        label="Start from a template"
        options={[{ id: NO_TEMPLATE, label: "No template: the exercises below" }, ...(templates.data ?? []).map((template) => ({ id: String(template.id), label: template.name }))]}
        value={value === null ? NO_TEMPLATE : String(value)}
        onChange={(id) => onChange(id === NO_TEMPLATE ? null : (templates.data?.find((template) => String(template.id) === id) ?? null))}
      />
      {chosen === undefined ? null : (
        <ul aria-label={`What ${chosen.name} assigns`}>
          {chosen.games.map((game) => (
            <li key={game.game.id}>
              {game.game.name}: {game.forms.map((form) => `${difficultyLabel(form.difficulty)}, ${form.amount_challenges} challenges, ${form.amount_trials} trials, ${form.min_repetitions_per_day} to ${form.max_repetitions_per_day} a day${form.unlimited ? ", unlimited" : ""}`).join("; ")}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Keep the forms as a named template (ERROR_003 / ERROR_004 name rules before any call; machines/exercises/save-as-template.machine.ts). */
export function SaveAsTemplate({
  draft,
  onInvalid,
}: {
  readonly draft: () => AssignmentDraftOutcome;
  readonly onInvalid: (errors: Readonly<Partial<Record<FormFieldKey, string>>>) => void;
}) {
  const create = useTemplateWrite((api, body: TemplateCreateBody) => api.createTemplate(body));
  const actor = useActorRef(
    saveAsTemplateLogicFor({
      create: (body) => create.mutateAsync(body),
      onInvalid,
      onSaved: (name) => showToast({ title: `Template ${name} saved` }),
    }),
  );
  const name = useSelector(actor, (snapshot) => snapshot.context.name);
  const nameError = useSelector(actor, (snapshot) => snapshot.context.nameError);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const saving = useSelector(actor, (snapshot) => snapshot.matches("saving"));
  return (
    <div className={styles.saveTemplate}>
      <TextField label="Template name" value={name} onChange={(text) => actor.send({ type: "name.change", name: text })} {...(nameError === null ? {} : { isInvalid: true, errorMessage: nameError })} />
      <div>
        <Button variant="secondary" onPress={() => actor.send({ type: "save", draft: draft() })} isPending={saving}>
          Save as template
        </Button>
      </div>
      <Alert>{failure === null ? null : failureMessage(failure)}</Alert>
    </div>
  );
}
