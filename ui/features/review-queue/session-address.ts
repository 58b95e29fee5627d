import { hrefFor } from "../../../domain/routes.ts";
import { queueSearch } from "../../../domain/review-queue/review-queue-words.ts";
import type { ReviewQueueOnly, ReviewQueueScope, ReviewQueueSession } from "../../../domain/review-queue/index.ts";

/**
 * A pending session's detail address; a caseload walk keeps ?queue=caseload and a walk of
 * correctable sessions only keeps ?only=correctable, so a reload or Back stays in it.
 */
export const pendingSessionHref = (
  session: Pick<ReviewQueueSession, "id" | "patient_id" | "level_id">,
  scope: ReviewQueueScope,
  only: ReviewQueueOnly | null = null,
): string => `${hrefFor("session-detail", { id: session.patient_id, levelId: session.level_id, trendId: session.id })}${queueSearch(scope, only)}`;
