import { QueryClient } from "@tanstack/react-query";
import { DEFAULT_CACHE_POLICY } from "./cache-policy.ts";
import { retryWhileUseful } from "./retry-policy.ts";

/** Spec section 9: data counts as fresh for one minute. Named exceptions: CACHE_POLICY. */
export const DEFAULT_STALE_TIME_MS = DEFAULT_CACHE_POLICY.staleTimeMs;
/** Spec section 9: a failed read is tried twice more before its error is shown; a 403 or 404 at once (issue 31). */
export const DEFAULT_RETRIES = DEFAULT_CACHE_POLICY.retries;

// One cache for the whole app, so sign-out can empty it in one call (spec section 4). Window
// focus does not refetch: a clinician switching tabs should not see a table reload under them.
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        retry: retryWhileUseful(DEFAULT_RETRIES),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: 0 },
    },
  });
