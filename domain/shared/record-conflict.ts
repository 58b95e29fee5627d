import { VERSION_FIELD } from "./record-version.ts";

// docs/adapters.md, "Concurrent edits": a write that started from an old version is refused
// (412) and nothing is written; the person sees what changed before they choose.

/** The HTTP status of a write refused because the record changed since it was read. */
export const STALE_VERSION_STATUS = 412;

/** A refused write is a version conflict when the server said 412 on the version field (and not any other refusal). */
export const isStaleVersionFailure = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  "status" in error &&
  error.status === STALE_VERSION_STATUS &&
  "field" in error &&
  error.field === VERSION_FIELD;

/** One field the person edited: the value they started from, the value stored now, and their own. */
export type FieldChange<T, K extends keyof T = keyof T> = {
  readonly field: K;
  readonly started: T[K];
  readonly theirs: T[K];
  readonly mine: T[K];
  /** Whether someone else changed this field too (their value differs from the one the person started from). */
  readonly changedByThem: boolean;
};

/** Whether two values of a field count as the same (text fields may compare as the server stores them). */
export type SameValue = (a: unknown, b: unknown, field: string) => boolean;

const keysOf = <T extends object>(record: T): Array<keyof T & string> => Object.keys(record) as Array<keyof T & string>;

/**
 * What a conflict puts before the person: every field they edited (their value differs from the
 * one they started from), in the form's order, with the value now stored; fields they did not
 * touch are not theirs to decide and are not listed.
 */
export const changedFields = <T extends object>(started: T, current: T, draft: T, same: SameValue = Object.is): ReadonlyArray<FieldChange<T, keyof T & string>> =>
  keysOf(started)
    .filter((field) => !same(draft[field], started[field], field))
    .map((field) => ({ field, started: started[field], theirs: current[field], mine: draft[field], changedByThem: !same(current[field], started[field], field) }));

/**
 * The person's draft carried onto the version now stored: what they edited stays theirs, every
 * other field takes the stored value, so saving again never undoes a change they did not see.
 */
export const rebaseDraft = <T extends object>(started: T, current: T, draft: T, same: SameValue = Object.is): T => {
  const rebased = { ...draft };
  for (const field of keysOf(started)) if (same(draft[field], started[field], field)) rebased[field] = current[field];
  return rebased;
};
