import { sessionsWaiting } from "../../../domain/review-queue/index.ts";
import { LinkButton } from "../../kit/link.tsx";
import { pendingSessionHref, useReviewQueueStep } from "../review-queue/index.ts";
import * as styles from "./dashboard.css.ts";

// "Start reviewing": the caseload's oldest pending session, opened with ?queue=caseload so each
// step after it walks the whole caseload (oldest first) and the address keeps the place for a
// reload or Back. When nothing waits it says so instead of offering a button that leads nowhere.
export function StartReviewing() {
  const first = useReviewQueueStep({ scope: "caseload" });
  // Loading or failed: the dashboard's own list matters more than this line, which stays out of the way.
  if (first.data === undefined) return null;
  const { session, pending } = first.data;
  return (
    <p className={styles.lead}>
      <span id="caseload-pending-reviews">{sessionsWaiting(pending)} in your caseload.</span>
      {session === null ? null : (
        <>
          {" "}
          <LinkButton href={pendingSessionHref(session, "caseload")} aria-describedby="caseload-pending-reviews">
            Start reviewing
          </LinkButton>
        </>
      )}
    </p>
  );
}
