import type { Result } from "../../domain/shared/result.ts";

/**
 * A domain validator's verdict as React Aria's `validate` wants it: the failure's message, or
 * null when valid. The first failing check wins, so a field shows one message at a time.
 */
export const validationMessage = (...results: ReadonlyArray<Result<unknown>>): string | null => {
  for (const result of results) if (!result.ok) return result.message;
  return null;
};
