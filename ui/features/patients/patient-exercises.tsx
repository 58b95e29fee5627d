import { hrefFor } from "../../../domain/routes.ts";
import { sessionsToReview, sessionsWaiting } from "../../../domain/review-queue/index.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import { formatDate } from "../../../domain/shared/format/date.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { Link, LinkButton } from "../../kit/link.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { pendingSessionHref, usePatientPendingReviews, useReviewQueueStep } from "../review-queue/index.ts";
import { usePatientGameLevels } from "./use-patients.ts";
import * as styles from "./patients.css.ts";
import { useDeferredQuery } from "../../kit/deferred-render.tsx";

// The exercises assigned to the patient, each a link to its overview (sessions and statistics) with
// how many of its sessions wait for review, and "Review next": the patient's oldest pending session.
export function PatientExercises({ patientId }: { readonly patientId: PatientId }) {
  const levels = useDeferredQuery(usePatientGameLevels(patientId));
  const pending = usePatientPendingReviews(patientId);
  const first = useReviewQueueStep({ scope: "patient", patient: patientId });
  const pendingOf = new Map((pending.data?.levels ?? []).map((level) => [level.level_id, level.pending]));
  const oldest = first.data?.session ?? null;
  return (
    <section className={styles.section} aria-labelledby="exercises-heading">
      <h2 id="exercises-heading" className={styles.subheading}>
        Assigned exercises
      </h2>
      {/* The counts come from their own call: when it fails the exercises still show, only without them. */}
      {pending.data === undefined ? null : (
        <p className={styles.lead}>
          <span id="patient-pending-reviews">{sessionsWaiting(pending.data.pending)}</span>
          {oldest === null ? null : (
            <>
              {" "}
              <LinkButton href={pendingSessionHref(oldest, "patient")} aria-describedby="patient-pending-reviews">
                Review next
              </LinkButton>
            </>
          )}
        </p>
      )}
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
              {pending.data === undefined ? null : <span> · {sessionsToReview(pendingOf.get(level.id) ?? 0)}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
