import { useQuery } from "@tanstack/react-query";
import { exercisesApiOf } from "../../../adapters/exercises/index.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import { formatDate } from "../../../domain/shared/format/date.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { useServices } from "../../app/services-context.tsx";
import { Link } from "../../kit/link.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import * as styles from "./patients.css.ts";

/** A patient's assigned games, fresh like the record itself (spec section 9: 10 s). */
function usePatientGameLevels(patientId: PatientId) {
  const api = exercisesApiOf(useServices().adapters.client);
  return useQuery({
    queryKey: ["patients", "detail", patientId, "game-levels"],
    queryFn: ({ signal }) => api.listPatientGameLevels(patientId, signal),
    staleTime: 10_000,
  });
}

// The exercises assigned to the patient, each a link to its overview (sessions and statistics).
export function PatientExercises({ patientId }: { readonly patientId: PatientId }) {
  const levels = usePatientGameLevels(patientId);
  return (
    <section className={styles.section} aria-labelledby="exercises-heading">
      <h2 id="exercises-heading" className={styles.subheading}>
        Assigned exercises
      </h2>
      <QueryStatus query={levels} loading="Loading the exercises…" status="" busy={levels.isPending} />
      {levels.data === undefined ? null : levels.data.length === 0 ? (
        <p className={styles.lead}>No exercises are assigned to this patient yet.</p>
      ) : (
        <ul className={styles.list}>
          {levels.data.map((level) => (
            <li key={level.id}>
              <Link href={hrefFor("exercise-overview", { id: patientId, levelId: level.id })}>
                {level.game.name}, {difficultyLabel(level.difficulty)}
              </Link>{" "}
              <span className={styles.muted}>assigned {formatDate(level.assigned_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
