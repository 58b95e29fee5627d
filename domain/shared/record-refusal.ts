// Issue 31 item 16: another institution's record showed "An error occurred / Try again" after
// about four seconds of retries, and an unknown one offered a retry that could never help. A
// refusal that a repeat would only answer again is final: shown at once, in words, never retried.

/** Why a record cannot be shown: it is not the person's to see, or it does not exist. */
export const RECORD_REFUSAL = { forbidden: "forbidden", notFound: "not-found" } as const;
export type RecordRefusal = (typeof RECORD_REFUSAL)[keyof typeof RECORD_REFUSAL];

/** A read refused with 403 is another's record, with 404 no record at all; anything else is not a refusal of the record. */
export const recordRefusalOf = (httpStatus: number): RecordRefusal | null =>
  httpStatus === 403 ? RECORD_REFUSAL.forbidden : httpStatus === 404 ? RECORD_REFUSAL.notFound : null;

/**
 * A failed read is worth trying again unless the server refused the request itself (4xx: 403
 * another institution's record, 404 none, 401 the session ended, 400 a bad request), which a
 * repeat would only answer again; a timeout (408) and a rate limit (429) pass, and no answer (0)
 * or a fault of the server's own (5xx) may not happen twice.
 */
export const isRetryableStatus = (httpStatus: number): boolean => httpStatus < 400 || httpStatus >= 500 || httpStatus === 408 || httpStatus === 429;
