import { OLDEST_LOCKED_TEXT, sessionsWaiting } from "../../../domain/review-queue/index.ts";
import { LinkButton } from "../../kit/link.tsx";
import { pendingSessionHref, useReviewQueueStep } from "../review-queue/index.ts";
import * as styles from "./dashboard.css.ts";

// "Start reviewing": the caseload's oldest pending session, opened with ?queue=caseload so each
// step after it walks the whole caseload (oldest first) and the address keeps the place for a
// reload or Back. When nothing waits it says so instead of offering a button that leads nowhere.
// When the oldest session's attempts are all locked by the game (issue 31), it says so and offers
// the oldest session with attempts the SLP can correct, walking only those (?only=correctable).
export function StartReviewing() {
  const first = useReviewQueueStep({ scope: "caseload" });
  const oldestLocked = first.data?.session?.correctable_attempts === 0;
  const correctable = useReviewQueueStep({ scope: "caseload", only: "correctable" }, oldestLocked);
  // Failed: the dashboard's own list matters more than this line, which stays out of the way.
  if (first.isError) return null;
  // Loading: the line holds its place (about its text and a button), so the list below stays put.
  if (first.data === undefined)
    return (
      <p className={styles.lead}>
        Looking for sessions waiting for review in your caseload… <span className={styles.buttonPlace} aria-hidden="true" />
      </p>
    );
  const { session, pending } = first.data;
  const firstCorrectable = oldestLocked ? correctable.data?.session : undefined;
  return (
    <p className={styles.lead}>
      <span id="caseload-pending-reviews">
        {sessionsWaiting(pending)} in your caseload.{oldestLocked ? ` ${OLDEST_LOCKED_TEXT}` : null}
      </span>
      {session === null ? null : (
        <>
          {" "}
          <LinkButton href={pendingSessionHref(session, "caseload")} aria-describedby="caseload-pending-reviews">
            Start reviewing
          </LinkButton>
        </>
      )}
      {firstCorrectable === undefined || firstCorrectable === null ? null : (
        <>
          {" "}
          <LinkButton variant="secondary" href={pendingSessionHref(firstCorrectable, "caseload", "correctable")}>
            Start with sessions you can correct
          </LinkButton>
        </>
      )}
    </p>
  );
}
