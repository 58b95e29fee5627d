import { hrefFor } from "../../../domain/routes.ts";
import { queueSearch } from "../../../domain/review-queue/review-queue-words.ts";
import type { ReviewQueueScope, ReviewQueueSession } from "../../../domain/session-review/index.ts";

/** A pending session's detail address; a caseload walk keeps ?queue=caseload, so a reload or Back stays in it. */
export const pendingSessionHref = (session: Pick<ReviewQueueSession, "id" | "patient_id" | "level_id">, scope: ReviewQueueScope): string =>
  `${hrefFor("session-detail", { id: session.patient_id, levelId: session.level_id, trendId: session.id })}${queueSearch(scope)}`;
