import { queryOptions } from "@tanstack/react-query";
import type { ReviewQueueApi } from "../../../adapters/review-queue/index.ts";
import type { ReviewQueueQuery } from "../../../domain/review-queue/index.ts";
import { refetchUnlessArrivalRead } from "../../data/arrival-reads.ts";
import { queryOptionsOf } from "../../data/cache-policy.ts";
import { reviewQueueKeys } from "./review-queue-keys.ts";

// What waits changes whenever a colleague reviews a session: the queue is read anew on each visit.
// Written once here, apart from the hooks, so a session page's arrival reads (ui/app/prefetch/
// session-detail.ts) land under the key, call and freshness the page then asks for, and that
// prefetch chunk stays small.
const ALWAYS_STALE = queryOptionsOf({ staleTimeMs: 0 });

/** One step of the queue: the pending session on that side of `from` (or the first of the scope), and how many wait. */
export const reviewQueueStepQuery = (api: ReviewQueueApi, query: ReviewQueueQuery) =>
  queryOptions({
    queryKey: reviewQueueKeys.step(query),
    queryFn: ({ signal }) => api.step(query, signal),
    ...ALWAYS_STALE,
    // Stale at once, yet a read the page's arrival made is this opening's (ui/data/arrival-reads.ts).
    refetchOnMount: refetchUnlessArrivalRead,
  });
