import { useId } from "react";
import { useLocation } from "wouter";
import { mayReceiveAssignments, notAssignableReason } from "../../domain/exercises/assignment-rules.ts";
import { hrefFor } from "../../domain/routes.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import { Button } from "../kit/button.tsx";
import { useGameSelection } from "./game-selection-provider.tsx";
import * as styles from "../shell/content-page.css.ts";

type Props = {
  readonly patientId: PatientId;
  /** The patient's status: a discharged (inactive) patient is not offered new exercises. */
  readonly status: string;
  /** The status as the record shows it, for the reason. */
  readonly statusLabel: string;
};

// On a patient's record: start an assignment for this patient alone (the game-selection machine's
// individual mode), then pick the exercises on /exercises and set their doses on /create/assign/.
// For a patient who may not receive new exercises the button stays in place, disabled, with the
// reason beside it, so the person sees why rather than wondering where it went.
export function AssignExercisesButton({ patientId, status, statusLabel }: Props) {
  const actor = useGameSelection();
  const [, navigate] = useLocation();
  const reasonId = useId();
  const allowed = mayReceiveAssignments(status);
  return (
    <>
      <Button
        variant="secondary"
        isDisabled={!allowed}
        aria-describedby={allowed ? undefined : reasonId}
        onPress={() => {
          actor.send({ type: "patient.assignIndividually", patientId });
          navigate(hrefFor("exercises"));
        }}
      >
        Assign exercises
      </Button>
      {allowed ? null : (
        <span id={reasonId} className={styles.muted}>
          {notAssignableReason(statusLabel)}
        </span>
      )}
    </>
  );
}
