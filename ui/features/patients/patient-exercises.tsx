import { hrefFor } from "../../../domain/routes.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import { formatDate } from "../../../domain/shared/format/date.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { Link } from "../../kit/link.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { usePatientGameLevels } from "./use-patients.ts";
import * as styles from "./patients.css.ts";

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
