import * as Schema from "effect/Schema";

/** The largest version a record can reach: the database column is a 32-bit integer. */
export const MAX_RECORD_VERSION = 2_147_483_647;

/**
 * The version of a record people edit (docs/api.md, "Versions and concurrent edits"): 1 when it
 * is created, one more with every change. Answers carry it as `version` (and single records as
 * the `ETag: "<version>"` header); a write may send back the one it started from.
 */
export const RecordVersion = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_RECORD_VERSION }));
export type RecordVersion = typeof RecordVersion.Type;

/** The optional `version` key a write's body may carry: the version the writer saw. */
export const versionField = { version: Schema.optionalKey(RecordVersion) } as const;

/**
 * The body of a write that takes nothing else (activate, inactivate, delete, clear): none, null,
 * an empty object, or just the version the writer saw.
 */
export const VersionOnlyBody = Schema.UndefinedOr(Schema.NullOr(Schema.Struct(versionField)));
export type VersionOnlyBody = typeof VersionOnlyBody.Type;
