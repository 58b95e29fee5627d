import { useLocation } from "wouter";
import { hrefFor } from "../../../domain/routes.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { Button } from "../../kit/button.tsx";
import { useGameSelection } from "./game-selection-provider.tsx";

// On a patient's record: start an assignment for this patient alone (the game-selection machine's
// individual mode), then pick the exercises on /exercises and set their doses on /create/assign/.
export function AssignExercisesButton({ patientId }: { readonly patientId: PatientId }) {
  const actor = useGameSelection();
  const [, navigate] = useLocation();
  return (
    <Button
      variant="secondary"
      onPress={() => {
        actor.send({ type: "patient.assignIndividually", patientId });
        navigate(hrefFor("exercises"));
      }}
    >
      Assign exercises
    </Button>
  );
}
