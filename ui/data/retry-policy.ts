import { isApiFailure } from "../../adapters/shared/api-failure.ts";
import { isRetryableStatus, type RecordRefusal, recordRefusalOf } from "../../domain/shared/record-refusal.ts";

/**
 * TanStack Query's `retry` for a read allowed `retries` more tries: it decides by the failure's
 * status (domain/shared/record-refusal.ts), so a 403 or a 404 shows at once instead of after
 * seconds of repeats that get the same answer. A failure that is not the adapters' (a bug, a
 * decoding slip) keeps the count.
 */
export const retryWhileUseful =
  (retries: number) =>
  (failureCount: number, error: unknown): boolean =>
    failureCount < retries && (!isApiFailure(error) || isRetryableStatus(error.status));

/** Why a failed read's record cannot be shown (another institution's, or none), else null. */
export const recordRefusal = (error: unknown): RecordRefusal | null => (isApiFailure(error) ? recordRefusalOf(error.status) : null);
