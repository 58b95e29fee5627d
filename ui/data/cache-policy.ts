import { retryWhileUseful } from "./retry-policy.ts";

/**
 * Spec section 9, "Caching": how long server data counts as fresh and how often a failed read is
 * tried again. `DEFAULT_CACHE_POLICY` is the QueryClient's default; each named query states only
 * where the spec makes an exception, so the default stays the one place for everything else.
 */
export type CachePolicy = {
  /** Milliseconds the data counts as fresh (no refetch while it is). */
  readonly staleTimeMs: number;
  /** How many more times a failed read is tried before its error shows (a 403 or 404 never is: retry-policy.ts). */
  readonly retries: number;
};

const MINUTE_MS = 60_000;

/** Everything the spec does not single out: fresh for a minute, two retries. */
export const DEFAULT_CACHE_POLICY: CachePolicy = { staleTimeMs: MINUTE_MS, retries: 2 };

/** The exceptions, by query; a hook spreads `queryOptionsOf(CACHE_POLICY.<name>)` into useQuery. */
export const CACHE_POLICY = {
  /** The signed-in user's record changes only through their own settings, which update the cache. */
  currentUser: { staleTimeMs: Number.POSITIVE_INFINITY },
  /** The institutions list is never stale. */
  institutionList: { staleTimeMs: Number.POSITIVE_INFINITY },
  institutionDetail: { staleTimeMs: MINUTE_MS },
  adminList: { staleTimeMs: MINUTE_MS, retries: 1 },
  adminDetail: { staleTimeMs: MINUTE_MS },
  staffList: { staleTimeMs: MINUTE_MS, retries: 1 },
  patientDetail: { staleTimeMs: 10_000 },
  /** A session under review is always read anew: a colleague may have corrected it. */
  sessionDetail: { staleTimeMs: 0 },
} as const satisfies Record<string, Partial<CachePolicy>>;

/** TanStack Query's retry decision for a read: the count, and never a refusal a repeat would only repeat (retry-policy.ts). */
export type RetryDecision = (failureCount: number, error: Error) => boolean;

/** The TanStack Query options of one exception: only what it changes, the rest from the client's default. */
export const queryOptionsOf = (policy: Partial<CachePolicy>): { staleTime?: number; retry?: RetryDecision } => ({
  ...(policy.staleTimeMs === undefined ? {} : { staleTime: policy.staleTimeMs }),
  ...(policy.retries === undefined ? {} : { retry: retryWhileUseful(policy.retries) }),
});
