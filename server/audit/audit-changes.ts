import type { AuditChanges } from "../db/schema/audit.ts";

/** Field names that never reach the trail, whatever the record: credentials and their hashes. */
const SECRET_FIELD = /password|secret|token|hash|otp|code_?digest|mfa_?key/i;

/** A value as the trail keeps it: JSON's own, an instant as ISO text. */
const kept = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : (value ?? null));

const same = (a: unknown, b: unknown): boolean => JSON.stringify(kept(a)) === JSON.stringify(kept(b));

/**
 * The fields a change moved, each with its old and new value, for the audit row of the change
 * (issue 38); a field named like a secret is left out, so a password or token never reaches the
 * trail. Null when nothing changed. Both records list the fields the change may write.
 */
export const changedFields = (before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): AuditChanges | null => {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of Object.keys(after)) {
    if (SECRET_FIELD.test(field) || same(before[field], after[field])) continue;
    changes[field] = { from: kept(before[field]), to: kept(after[field]) };
  }
  return Object.keys(changes).length === 0 ? null : changes;
};
