import { catalogueMessage } from "./error-catalogue.ts";
import { type Failure, type Result, fail, succeed } from "./result.ts";
import { MAX_RECORD_VERSION } from "./wire/record-version.ts";

// docs/api.md, "Versions and concurrent edits": a record's version travels as a strong ETag
// ("3"); a write names the version it started from in If-Match or in its body's `version`.

/** Where a version failure points: the `version` field, whether it came in the header or the body. */
export const VERSION_FIELD = "version";

/** A record's version as the ETag header carries it: a strong entity tag, the number in double quotes. */
export const etagOf = (version: number): string => `"${version}"`;

const STRONG_TAG = /^"([1-9][0-9]{0,9})"$/;

/** A version the writer named that the server cannot read (400). */
export const unreadableVersion = (why: string): Failure =>
  fail("ERROR_056", `${catalogueMessage("ERROR_056")}: ${why}`, { field: VERSION_FIELD });

/** The record changed since the writer read it (412): they must look at the new version before writing again. */
export const staleVersion = (): Failure =>
  fail("ERROR_056", "Someone else changed this record since you opened it: reload it to see their changes, then edit again", { field: VERSION_FIELD });

/**
 * The version an If-Match header names. No header and `*` (any current version) name none, so
 * the write does not check. Otherwise it must be exactly one strong entity tag holding a version
 * (`"7"`): a weak tag (`W/"7"`) can never match under If-Match's strong comparison, and a list
 * would let one write start from several versions, so both are refused rather than guessed at.
 */
export const versionFromIfMatch = (header: string | undefined): Result<number | undefined> => {
  if (header === undefined) return succeed(undefined);
  const text = header.trim();
  if (text === "*") return succeed(undefined);
  const match = STRONG_TAG.exec(text);
  const version = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  if (!(version >= 1 && version <= MAX_RECORD_VERSION)) return unreadableVersion('If-Match must be one strong entity tag holding a version, e.g. "3"');
  return succeed(version);
};

/**
 * The version a write started from, from its If-Match header and its body's `version` (either,
 * both, or neither). Naming two different versions is a contradiction the server does not
 * resolve. None means the write does not check (the API's clients from before versions).
 */
export const expectedVersion = (ifMatch: string | undefined, bodyVersion: number | undefined): Result<number | undefined> => {
  const fromHeader = versionFromIfMatch(ifMatch);
  if (!fromHeader.ok) return fromHeader;
  if (fromHeader.value !== undefined && bodyVersion !== undefined && fromHeader.value !== bodyVersion) {
    return unreadableVersion("If-Match and the body's version name different versions");
  }
  return succeed(fromHeader.value ?? bodyVersion);
};

/** A write is stale when it started from a version the record no longer holds; one that named none never is. */
export const isStaleVersion = (expected: number | undefined, current: number): boolean => expected !== undefined && expected !== current;
