/**
 * Spec section 9, "Caching": how long each kind of server data counts as fresh and how often a
 * failed read is tried again. Every query hook takes its numbers from here by name, so the
 * policy reads in one place; queries not named use `default`.
 */
export type CachePolicy = {
  /** Milliseconds the data counts as fresh (no refetch while it is). */
  readonly staleTimeMs: number;
  /** How many more times a failed read is tried before its error shows. */
  readonly retries: number;
};

const MINUTE_MS = 60_000;

export const CACHE_POLICY = {
  /** Everything not listed below: fresh for a minute, two retries. */
  default: { staleTimeMs: MINUTE_MS, retries: 2 },
  /** The signed-in user's record changes only through their own settings, which update the cache. */
  currentUser: { staleTimeMs: Number.POSITIVE_INFINITY, retries: 2 },
  /** The institutions list is never stale. */
  institutionList: { staleTimeMs: Number.POSITIVE_INFINITY, retries: 2 },
  institutionDetail: { staleTimeMs: MINUTE_MS, retries: 2 },
  adminList: { staleTimeMs: MINUTE_MS, retries: 1 },
  adminDetail: { staleTimeMs: MINUTE_MS, retries: 2 },
  staffList: { staleTimeMs: MINUTE_MS, retries: 1 },
  patientDetail: { staleTimeMs: 10_000, retries: 2 },
  /** A session under review is always read anew: a colleague may have corrected it. */
  sessionDetail: { staleTimeMs: 0, retries: 2 },
} as const satisfies Record<string, CachePolicy>;

/** The TanStack Query options of one policy. */
export const queryOptionsOf = (policy: CachePolicy): { staleTime: number; retry: number } => ({
  staleTime: policy.staleTimeMs,
  retry: policy.retries,
});
