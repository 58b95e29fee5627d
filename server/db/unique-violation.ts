/** PostgreSQL's SQLSTATE for a unique index refusing a duplicate, and for a CHECK (or a trigger standing for one) refusing a value. */
const UNIQUE_VIOLATION = "23505";
const CHECK_VIOLATION = "23514";

/**
 * Whether a database error is the named constraint refusing a write with the given SQLSTATE.
 * Drivers wrap the PostgreSQL error (drizzle's query error holds it as `cause`), so the chain is walked.
 */
const isViolationOf = (error: unknown, sqlState: string, constraint: string): boolean => {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === "object" && current !== null && !seen.has(current)) {
    seen.add(current);
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === sqlState && candidate.constraint === constraint) return true;
    current = candidate.cause;
  }
  return false;
};

/**
 * Whether a database error is the named unique index refusing a duplicate: the check before a
 * write can lose a race to another request, and the index then has the last word.
 */
export const isUniqueViolation = (error: unknown, constraint: string): boolean => isViolationOf(error, UNIQUE_VIOLATION, constraint);

/** Whether a database error is the named check refusing a value the check before the write let through. */
export const isCheckViolation = (error: unknown, constraint: string): boolean => isViolationOf(error, CHECK_VIOLATION, constraint);

/**
 * Runs a write; when the named unique index refuses it (the check before it lost a race to
 * another request), answers `lost()` instead of throwing, so the route can say the rule's own
 * words. Any other error is thrown as it came.
 */
export const unlessUniqueViolation = async <A, B>(constraint: string, change: () => Promise<A>, lost: () => B): Promise<A | B> => {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error, constraint)) return lost();
    throw error;
  }
};
