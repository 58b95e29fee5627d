import { useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { waitFor } from "xstate";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import type { ExerciseTemplate, InstitutionGame } from "../../../domain/exercises/index.ts";
import { levelsSummary, type TemplateFieldChange, templateConflict } from "../../../domain/exercises/template-conflict.ts";
import { templateGamesFrom, templateLevels } from "../../../domain/exercises/template-draft.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import { isRecordSaveBusy } from "../../../machines/shared/record-edit.machine.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { type ConflictRow, ConflictPanel, conflictText } from "../../forms/conflict-panel.tsx";
import { ModalDialog } from "../../kit/dialog.tsx";
import { TemplateForm, templateNameMessage } from "./template-fields.tsx";
import { useTemplatesApi } from "./use-exercises.ts";
import { templateEditLogicFor } from "./exercises-machines.ts";

type Props = {
  readonly template: ExerciseTemplate;
  readonly games: readonly InstitutionGame[];
  readonly onClose: (saved: ExerciseTemplate | null) => void;
};

const LABEL: Readonly<Record<TemplateFieldChange["field"], string>> = { name: "Template name", levels: "Games and forms" };

/** Every game's name the editor may have to word: the offered games' and those the template versions hold. */
const gameNamesOf = (games: readonly InstitutionGame[], ...templates: ReadonlyArray<ExerciseTemplate | null>): ReadonlyMap<number, string> =>
  new Map([...templates.flatMap((template) => (template?.games ?? []).map(({ game }) => [game.id, game.name] as const)), ...games.map((game) => [game.id, game.name] as const)]);

const rowsOf = (changes: readonly TemplateFieldChange[], names: ReadonlyMap<number, string>): ConflictRow[] =>
  changes.map((change) => ({
    field: change.field,
    label: LABEL[change.field],
    theirs: conflictText(change.field === "name" ? String(change.theirs) : levelsSummary(change.theirs as ReadonlyMap<number, readonly Difficulty[]>, names)),
    mine: conflictText(change.field === "name" ? String(change.mine) : levelsSummary(change.mine as ReadonlyMap<number, readonly Difficulty[]>, names)),
  }));

// Editing a template through the template-edit machine (docs/exercises.md, "Concurrent edits"): a
// save names the version the editor opened; if someone else changed the template meanwhile, the
// conflict panel shows what changed above the fields, which keep the name and levels until the
// person chooses. "Show their version" fills the fields from the stored template.
export function TemplateEditDialog({ template, games, onClose }: Props) {
  const api = useTemplatesApi();
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      templateEditLogicFor({
        save: async (input) => {
          const saved = await api.updateTemplate(input.record.id, { name: input.draft.name, games: templateGamesFrom(games, input.draft.levels, input.record) }, input.record.version);
          await queryClient.invalidateQueries({ queryKey: ["exercises", "templates"] });
          return saved;
        },
        load: async (input) => {
          const current = await api.getTemplate(input.record.id);
          // The list behind the dialog shows the stored template too.
          await queryClient.invalidateQueries({ queryKey: ["exercises", "templates"] });
          return current;
        },
      }),
    [api, queryClient, games],
  );
  const actor = useActorRef(logic, { input: { record: template } });
  const started = useSelector(actor, (snapshot) => snapshot.context.started);
  const current = useSelector(actor, (snapshot) => snapshot.context.current);
  const mine = useSelector(actor, (snapshot) => snapshot.context.mine);
  const failure = useSelector(actor, (snapshot) => (snapshot.matches("editing") ? snapshot.context.failure : null));
  const saved = useSelector(actor, (snapshot) => snapshot.context.saved);
  const inConflict = useSelector(actor, (snapshot) => snapshot.matches("conflict"));
  const busy = useSelector(actor, isRecordSaveBusy);

  const [name, setName] = useState(template.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [ticked, setTicked] = useState<ReadonlyMap<number, readonly Difficulty[]>>(() => templateLevels(template));
  const nameId = useId();
  const focusName = () => document.getElementById(nameId)?.focus();

  useEffect(() => {
    if (saved !== null) onClose(saved);
  }, [saved, onClose]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = templateNameMessage(name);
    setNameError(message);
    if (message !== null) {
      focusName();
      return;
    }
    actor.send({ type: "edit.save", draft: { name: name.trim(), levels: ticked } });
    const settled = await waitFor(actor, (snapshot) => !isRecordSaveBusy(snapshot), { timeout: Number.POSITIVE_INFINITY });
    const refused = settled.matches("editing") ? settled.context.failure : null;
    if (isApiFailure(refused) && refused.field === "name") {
      setNameError(refused.message);
      focusName();
    }
  };
  const serverAlert = failure !== null && !(isApiFailure(failure) && failure.field === "name") ? failureMessage(failure) : null;

  const showTheirs = () => {
    const stored = current ?? started;
    actor.send({ type: "conflict.reload" });
    setName(stored.name);
    setTicked(templateLevels(stored));
    setNameError(null);
  };

  // Saving again carries the person's changes onto the stored template; the fields show that
  // draft, so a save after another refusal cannot undo a change they did not make.
  const saveMine = () => {
    actor.send({ type: "conflict.reapply" });
    const rebased = actor.getSnapshot().context.mine;
    if (rebased === null) return;
    setName(rebased.name);
    setTicked(rebased.levels);
  };

  // After a choice the panel is gone and focus goes back to the name.
  const wasInConflict = useRef(false);
  useEffect(() => {
    if (inConflict) wasInConflict.current = true;
    else if (wasInConflict.current) {
      wasInConflict.current = false;
      document.getElementById(nameId)?.focus();
    }
  }, [inConflict, nameId]);

  const rows = inConflict && current !== null && mine !== null ? rowsOf(templateConflict(started, current, mine), gameNamesOf(games, started, current)) : null;
  return (
    <ModalDialog isOpen onClose={() => onClose(null)} title={`Edit ${template.name}`}>
      {rows === null ? null : <ConflictPanel rows={rows} onShowTheirs={showTheirs} onSaveMine={saveMine} isSaving={busy} />}
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
        submitLabel="Save template"
        isPending={busy}
        onSubmit={(event) => void submit(event)}
        onCancel={() => onClose(null)}
      />
    </ModalDialog>
  );
}
