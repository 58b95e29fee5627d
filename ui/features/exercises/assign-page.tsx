import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { assignmentApiOf } from "../../../adapters/exercises/assignment-api.ts";
import { assignAbilities } from "../../../domain/exercises/assign-abilities.ts";
import { assignmentSummary, checkAssignmentSize, MAX_LEVEL_WRITES_PER_ASSIGNMENT, maxPatientsFor, mayReceiveAssignments, notAssignableReason } from "../../../domain/exercises/assignment-rules.ts";
import { assignmentDraft, type FormFieldKey } from "../../../domain/exercises/assignment-draft.ts";
import type { ExerciseTemplate } from "../../../domain/exercises/templates-wire.ts";
import type { ExerciseTemplateId } from "../../../domain/shared/ids.ts";
import { toClientPermissions } from "../../../domain/shared/permissions/client-permissions.ts";
import type { AssignmentBody } from "../../../domain/exercises/assignment-wire.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { fullNameOrNotSpecified } from "../../../domain/shared/format/names.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import { type GameId, InstitutionId, type PatientId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { individualPatientId, selectedCount } from "../../../machines/exercises/game-selection.machine.ts";
import { useServices } from "../../app/services-context.tsx";
import { failureMessage } from "../../data/failure-message.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Link } from "../../kit/link.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { STATUS_LABEL, usePatient } from "../patients/index.ts";
import { AssignGameForms } from "./assign-game-forms.tsx";
import { AssignPatients, type ChosenPatients } from "./assign-patients.tsx";
import { useGameSelection } from "./game-selection-provider.tsx";
import { AssignTemplateChoice, SaveAsTemplate } from "./assign-templates.tsx";
import { exercisesKeys } from "./exercises-keys.ts";
import { useGameCatalogue, useInstitutionGames } from "./use-exercises.ts";
import * as styles from "./assign.css.ts";

const NO_PATIENT = "Choose at least one patient";
const tooLarge = (writes: number, forms: number) =>
  `This assigns ${writes.toLocaleString("en")} exercise levels (patients × levels); one assignment holds at most ${MAX_LEVEL_WRITES_PER_ASSIGNMENT.toLocaleString("en")}. Choose at most ${maxPatientsFor(forms)} patients, or fewer levels, and assign the rest in another go.`;

// /create/assign/: the picked games, each with one form per level (doses within the level's
// content-file limits), and the patients: the one whose record started the assignment, or any
// chosen by search and status. One call assigns them all, or nothing (docs/exercises-api.md).
export function AssignPage({ user }: { readonly user: CurrentUser }) {
  const actor = useGameSelection();
  const count = useSelector(actor, selectedCount);
  const assigning = useSelector(actor, (snapshot) => snapshot.matches("assigning"));
  const selection = useSelector(actor, (snapshot) => snapshot.context.selection);
  const patientId = useSelector(actor, individualPatientId);
  const catalogue = useGameCatalogue();
  const institutionId = user.institution === null ? null : InstitutionId.make(user.institution.id);
  const institutionGames = useInstitutionGames(institutionId);
  const [chosen, setChosen] = useState<ChosenPatients>(new Map());
  const [errors, setErrors] = useState<Readonly<Partial<Record<FormFieldKey, string>>>>({});
  const [patientError, setPatientError] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const api = assignmentApiOf(useServices().adapters.client);
  const assign = useMutation({ mutationFn: (body: AssignmentBody) => api.assign(body) });
  const abilities = assignAbilities({ permissions: toClientPermissions(user.permissions), roleCode: user.role.code_name });
  const [template, setTemplate] = useState<ExerciseTemplateId | null>(null);

  // Arriving here by address with games picked counts as starting the assignment.
  useEffect(() => {
    if (!assigning && count > 0) actor.send({ type: "assign.start" });
  }, [actor, assigning, count]);

  const nameOf = (gameId: GameId): string => catalogue.data?.find((game) => game.id === gameId)?.name ?? "Exercise";
  const limitsOf = (gameId: GameId, difficulty: Difficulty) =>
    institutionGames.data?.find((game) => game.id === gameId)?.levels.find((level) => level.difficulty === difficulty)?.configuration;

  const submit = () => {
    const draft = template === null ? assignmentDraft(selection, limitsOf) : null;
    const patients: PatientId[] = patientId === null ? [...chosen.keys()] : [patientId];
    setErrors(draft === null || draft.ok ? {} : draft.errors);
    setPatientError(patients.length === 0 ? NO_PATIENT : null);
    if ((draft !== null && !draft.ok) || patients.length === 0) return;
    // The server's cap (patients × forms), checked before sending so the person can split the caseload.
    const forms = template === null ? (draft?.ok === true ? draft.games.reduce((sum, game) => sum + game.forms.length, 0) : 0) : (client.getQueryData<readonly ExerciseTemplate[]>(exercisesKeys.templates(institutionId))?.find((entry) => entry.id === template)?.games.reduce((sum, game) => sum + game.forms.length, 0) ?? 0);
    const size = checkAssignmentSize(patients.length, forms);
    if (!size.ok) {
      setPatientError(tooLarge(patients.length * forms, forms));
      return;
    }
    const body: AssignmentBody | null =
      template !== null ? { patients, template } : draft?.ok === true ? { patients, games: draft.games.map((game) => ({ game: game.game, forms: [...game.forms] })) } : null;
    if (body === null) return;
    assign.mutate(
      body,
      {
        onSuccess: async (answer) => {
          await client.invalidateQueries({ queryKey: ["patients"] });
          showToast(assignmentSummary(answer));
          // Leave first: with the selection cleared, this route's guard would send the page back to /exercises.
          navigate(patientId === null ? hrefFor("patients") : hrefFor("patient-detail", { id: patientId }));
          actor.send({ type: "selection.clear" });
        },
      },
    );
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Assign exercises</h1>
      <p className={styles.muted}>
        {count === 1 ? "1 exercise" : `${count} exercises`} picked. <Link href={hrefFor("exercises")}>Change the exercises</Link>
      </p>
      <QueryStatus query={institutionGames} loading="Loading the exercises' limits…" />
      {abilities.fromTemplate ? <AssignTemplateChoice institutionId={institutionId} value={template} onChange={setTemplate} /> : null}
      {template === null ? (
        <section className={styles.section} aria-labelledby="assign-exercises-heading">
          <h2 id="assign-exercises-heading" className={styles.subheading}>
            Exercises
          </h2>
          {selection.games.map((entry) => (
            <AssignGameForms key={entry.gameId} gameId={entry.gameId} gameName={nameOf(entry.gameId)} limitsOf={(difficulty) => limitsOf(entry.gameId, difficulty)} errors={errors} />
          ))}
          {abilities.saveAsTemplate ? <SaveAsTemplate draft={() => assignmentDraft(selection, limitsOf)} onInvalid={setErrors} /> : null}
        </section>
      ) : null}
      {patientId === null ? <AssignPatients chosen={chosen} onChange={setChosen} error={patientError} /> : <IndividualPatient patientId={patientId} error={patientError} />}
      <Alert>{assign.isError ? failureMessage(assign.error) : Object.keys(errors).length > 0 ? "Some doses need fixing before the exercises can be assigned." : null}</Alert>
      <div className={styles.actions}>
        {patientId === null ? (
          <Button onPress={submit} isPending={assign.isPending}>
            {`Assign to ${chosen.size === 1 ? "1 patient" : `${chosen.size} patients`}`}
          </Button>
        ) : (
          <IndividualAssignButton patientId={patientId} onPress={submit} isPending={assign.isPending} />
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
