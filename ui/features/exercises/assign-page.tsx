import { useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo } from "react";
import { useLocation } from "wouter";
import { assignmentApiOf } from "../../../adapters/exercises/assignment-api.ts";
import { assignAbilitiesOf } from "../../../domain/exercises/assign-abilities.ts";
import { assignmentDraft } from "../../../domain/exercises/assignment-draft.ts";
import { assignmentSummary, mayReceiveAssignments, notAssignableReason } from "../../../domain/exercises/assignment-rules.ts";
import type { ExerciseTemplate } from "../../../domain/exercises/templates-wire.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { fullNameOrNotSpecified } from "../../../domain/shared/format/names.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import { type GameId, InstitutionId, type PatientId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { assignableCount, chosenTemplate, individualPatientId } from "../../../machines/exercises/game-selection.selectors.ts";
import { useServices } from "../../services/services-context.tsx";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Link } from "../../kit/link.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { STATUS_LABEL, usePatient } from "../patients/index.ts";
import { AssignGameForms } from "./assign-game-forms.tsx";
import { AssignPatients } from "./assign-patients.tsx";
import { AssignTemplateChoice, SaveAsTemplate } from "./assign-templates.tsx";
import { exercisesKeys } from "./exercises-keys.ts";
import { assignFlowLogicFor } from "./exercises-machines.ts";
import { useGameSelection } from "../../game-selection/game-selection-provider.tsx";
import { useGameCatalogue, useInstitutionGames } from "./use-exercises.ts";
import * as styles from "./assign.css.ts";
import { countOf, NOUNS } from "../../../domain/shared/format/plural.ts";

// /create/assign/: the picked games, each with one form per level (doses within the level's
// content-file limits), or a saved template as it is, and the patients: the one whose record
// started the assignment, or any chosen by search and status. One call assigns them all, or
// nothing (docs/exercises-api.md). The flow is the assign-flow machine's; this page renders it.
export function AssignPage({ user }: { readonly user: CurrentUser }) {
  const actor = useGameSelection();
  const count = useSelector(actor, assignableCount);
  const assigning = useSelector(actor, (snapshot) => snapshot.matches("assigning"));
  const selection = useSelector(actor, (snapshot) => snapshot.context.selection);
  const template = useSelector(actor, chosenTemplate);
  const patientId = useSelector(actor, individualPatientId);
  const catalogue = useGameCatalogue();
  const institutionId = user.institution === null ? null : InstitutionId.make(user.institution.id);
  const institutionGames = useInstitutionGames(institutionId);
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const api = assignmentApiOf(useServices().adapters.client);
  const abilities = assignAbilitiesOf(user);
  const flow = useActorRef(
    assignFlowLogicFor({
      assign: (body) => api.assign(body),
      onAssigned: (answer) => {
        void client.invalidateQueries({ queryKey: ["patients"] }).then(() => {
          confirmChange(assignmentSummary(answer));
          // Leave first: with the selection cleared, this route's guard would send the page back to /exercises.
          navigate(patientId === null ? hrefFor("patients") : hrefFor("patient-detail", { id: patientId }));
          actor.send({ type: "selection.clear" });
        });
      },
    }),
  );
  const chosen = useSelector(flow, (snapshot) => snapshot.context.chosen);
  const errors = useSelector(flow, (snapshot) => snapshot.context.errors);
  const patientError = useSelector(flow, (snapshot) => snapshot.context.patientError);
  const problem = useSelector(flow, (snapshot) =>
    snapshot.context.failure !== null ? failureMessage(snapshot.context.failure) : (snapshot.context.formError ?? (Object.keys(snapshot.context.errors).length > 0 ? "Some doses need fixing before the exercises can be assigned." : null)),
  );
  const sending = useSelector(flow, (snapshot) => !snapshot.matches("editing"));
  // A refused Assign puts the focus on the first dose or the patient search to fix, not on the button.
  const shownErrors = useMemo(() => [errors, patientError] as const, [errors, patientError]);
  const { ref: page, arm: focusErrorOnSubmit } = useFocusFirstInvalid<HTMLDivElement>(shownErrors);

  // Arriving here by address with games picked (or a template chosen) counts as starting the assignment.
  useEffect(() => {
    if (!assigning && count > 0) actor.send({ type: "assign.start" });
  }, [actor, assigning, count]);

  const nameOf = (gameId: GameId): string => catalogue.data?.find((game) => game.id === gameId)?.name ?? "Exercise";
  const limitsOf = (gameId: GameId, difficulty: Difficulty) =>
    institutionGames.data?.find((game) => game.id === gameId)?.levels.find((level) => level.difficulty === difficulty)?.configuration;

  const submit = () => {
    focusErrorOnSubmit();
    const templateGames = template === null ? undefined : client.getQueryData<readonly ExerciseTemplate[]>(exercisesKeys.templates(institutionId))?.find((entry) => entry.id === template.id)?.games;
    flow.send({ type: "assign", patient: patientId, facts: { selection, limitsOf, template: template === null ? null : { id: template.id, games: templateGames } } });
  };
  const picked = selection.games.map((entry) => nameOf(entry.gameId)).join(", ");

  return (
    <div ref={page} className={styles.page}>
      <h1 className={styles.heading}>Assign exercises</h1>
      <p className={styles.muted} aria-live="polite">
        {template !== null ? `Assigning the template “${template.name}” as it is.` : `${countOf(count, NOUNS.exercise)} picked: ${picked}.`}{" "}
        <Link href={hrefFor("exercises")}>{template !== null ? "Choose other exercises" : "Change the exercises"}</Link>
      </p>
      <QueryStatus query={institutionGames} loading="Loading the exercises' limits…" />
      {abilities.fromTemplate ? (
        <AssignTemplateChoice
          institutionId={institutionId}
          value={template?.id ?? null}
          onChange={(chosenOne) => actor.send(chosenOne === null ? { type: "template.drop" } : { type: "template.choose", template: { id: chosenOne.id, name: chosenOne.name, gameCount: chosenOne.games.length } })}
        />
      ) : null}
      {template === null ? (
        <section className={styles.section} aria-labelledby="assign-exercises-heading">
          <h2 id="assign-exercises-heading" className={styles.subheading}>
            Exercises
          </h2>
          {selection.games.map((entry) => (
            <AssignGameForms key={entry.gameId} gameId={entry.gameId} gameName={nameOf(entry.gameId)} limitsOf={(difficulty) => limitsOf(entry.gameId, difficulty)} errors={errors} />
          ))}
          {abilities.saveAsTemplate ? <SaveAsTemplate draft={() => assignmentDraft(selection, limitsOf)} onInvalid={(invalid) => flow.send({ type: "forms.invalid", errors: invalid })} /> : null}
        </section>
      ) : null}
      {patientId === null ? (
        <AssignPatients chosen={chosen} onChange={(next) => flow.send({ type: "patients.change", chosen: next })} error={patientError} />
      ) : (
        <IndividualPatient patientId={patientId} error={patientError} />
      )}
      <Alert>{problem}</Alert>
      <div className={styles.actions}>
        {patientId === null ? (
          <Button onPress={submit} isPending={sending}>
            {`Assign to ${countOf(chosen.size, NOUNS.patient)}`}
          </Button>
        ) : (
          <IndividualAssignButton patientId={patientId} onPress={submit} isPending={sending} />
        )}
      </div>
    </div>
  );
}

/** Assign, for one patient: disabled while the patient may not receive new exercises (the reason is written beside the patient). */
function IndividualAssignButton({ patientId, onPress, isPending }: { readonly patientId: PatientId; readonly onPress: () => void; readonly isPending: boolean }) {
  const patient = usePatient(patientId);
  return (
    <Button onPress={onPress} isPending={isPending} isDisabled={patient.data !== undefined && !mayReceiveAssignments(patient.data.status)}>
      Assign
    </Button>
  );
}

/** The patient whose record started an individual assignment; one who may not receive new exercises (discharged meanwhile) says why. */
function IndividualPatient({ patientId, error }: { readonly patientId: PatientId; readonly error: string | null }) {
  const patient = usePatient(patientId);
  return (
    <section className={styles.section} aria-labelledby="assign-patient-heading">
      <h2 id="assign-patient-heading" className={styles.subheading}>
        Patient
      </h2>
      <p>{patient.data === undefined ? "Loading the patient…" : fullNameOrNotSpecified(patient.data.first_name, patient.data.last_name)}</p>
      {patient.data !== undefined && !mayReceiveAssignments(patient.data.status) ? <p className={styles.muted}>{notAssignableReason(STATUS_LABEL[patient.data.status])}</p> : null}
      {error === null ? null : (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
