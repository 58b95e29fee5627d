import { queryOptions } from "@tanstack/react-query";
import type { SessionReviewApi } from "../../../adapters/session-review/index.ts";
import type { GameSessionId } from "../../../domain/shared/ids.ts";
import { refetchUnlessArrivalRead } from "../../data/arrival-reads.ts";
import { CACHE_POLICY, queryOptionsOf } from "../../data/cache-policy.ts";
import { sessionReviewKeys } from "./session-review-keys.ts";

// The reads a session's page starts before it renders (ui/app/prefetch/session-detail.ts) as well
// as through its hooks: written once here, so the early read lands under the key, call and
// freshness the page then asks for. Apart from the hooks, so that prefetch chunk stays small.

/** One session attempt by attempt, read anew every time it is opened (spec section 9). */
export const sessionDetailQuery = (api: SessionReviewApi, sessionId: GameSessionId) =>
  queryOptions({
    queryKey: sessionReviewKeys.detail(sessionId),
    queryFn: ({ signal }) => api.getSessionDetail(sessionId, signal),
    ...queryOptionsOf(CACHE_POLICY.sessionDetail),
    // Stale at once, yet the read the page's arrival made is this opening's (ui/data/arrival-reads.ts).
    refetchOnMount: refetchUnlessArrivalRead,
  });

/** The kinds of SLP note: a fixed list, never stale within a visit. */
export const noteTypesQuery = (api: SessionReviewApi) =>
  queryOptions({ queryKey: sessionReviewKeys.noteTypes, queryFn: ({ signal }) => api.listNoteTypes(signal), staleTime: Number.POSITIVE_INFINITY });
