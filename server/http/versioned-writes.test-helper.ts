import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

// The behaviour every versioned write shares (docs/api.md, "Versions and concurrent edits"),
// checked the same way for each record kind by its feature's *.int.test.ts.

/** How a write names the version it started from: If-Match text, the body's `version`, both or neither. */
export type VersionNamed = { readonly ifMatch?: string; readonly body?: number };

/** One record kind under test: how to write a new value to one record, and what is stored. */
export type VersionedSubject<V> = {
  /** Sends one write setting the record's edited field to `value`. */
  readonly write: (value: V, version: VersionNamed) => Promise<LightMyRequestResponse>;
  /** The row as stored: its version and its edited field. */
  readonly stored: () => Promise<{ readonly version: number; readonly value: V }>;
  /** The last audit row of this record's writes. */
  readonly lastAudit: () => Promise<{ readonly outcome: string; readonly reason: string | null } | undefined>;
  /** Distinct values to write, one per call (at least 8 distinct). */
  readonly values: readonly V[];
};

const tag = (version: number): string => `"${version}"`;

const expectVersionFailure = (response: LightMyRequestResponse, status: 400 | 412): void => {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { code: string; detail: { field?: string } | null };
  expect(body.code, response.body).toBe("ERROR_056");
  expect(body.detail?.field, response.body).toBe("version");
};

/** The answer of a successful write: its body's version and ETag are the stored version, one past `before`. */
const expectWritten = async <V>(subject: VersionedSubject<V>, response: LightMyRequestResponse, before: number, value: V): Promise<void> => {
  expect(response.statusCode, response.body).toBe(200);
  expect((response.json() as { version: number }).version).toBe(before + 1);
  expect(response.headers.etag).toBe(tag(before + 1));
  expect(await subject.stored()).toEqual({ version: before + 1, value });
  expect(await subject.lastAudit()).toMatchObject({ outcome: "success" });
};

/** A stale If-Match or body version is 412 ERROR_056 on `version`, changes nothing, and is audited as a stale failure. */
export const expectStaleRefused = async <V>(subject: VersionedSubject<V>): Promise<void> => {
  const before = await subject.stored();
  const [first, second] = subject.values;
  if (first === undefined || second === undefined) throw new Error("values too few");
  // An older version and one the record never had yet are both stale.
  for (const version of [before.version > 1 ? before.version - 1 : before.version + 1, before.version + 7]) {
    expectVersionFailure(await subject.write(first, { ifMatch: tag(version) }), 412);
    expect(await subject.stored()).toEqual(before);
    expect(await subject.lastAudit()).toMatchObject({ outcome: "failure", reason: "stale_version" });
    expectVersionFailure(await subject.write(second, { body: version }), 412);
    expect(await subject.stored()).toEqual(before);
  }
};

/** The current version, as If-Match or in the body (or both, agreeing), writes; the answer names the next version. */
export const expectCurrentWrites = async <V>(subject: VersionedSubject<V>): Promise<void> => {
  const [a, b, c] = subject.values.slice(2);
  if (a === undefined || b === undefined || c === undefined) throw new Error("values too few");
  let before = (await subject.stored()).version;
  await expectWritten(subject, await subject.write(a, { ifMatch: tag(before) }), before, a);
  before += 1;
  await expectWritten(subject, await subject.write(b, { body: before }), before, b);
  before += 1;
  await expectWritten(subject, await subject.write(c, { ifMatch: ` ${tag(before)} `, body: before }), before, c);
};

/** Two writers of the same version at once: exactly one 200 and one 412, and the stored row is the winner's. */
export const expectOneRacerWins = async <V>(subject: VersionedSubject<V>): Promise<void> => {
  const [a, b] = subject.values.slice(5);
  if (a === undefined || b === undefined) throw new Error("values too few");
  const before = (await subject.stored()).version;
  const answers = await Promise.all([subject.write(a, { ifMatch: tag(before) }), subject.write(b, { body: before })]);
  expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 412]);
  const winner = answers[0]?.statusCode === 200 ? a : b;
  const loser = answers.find((response) => response.statusCode === 412);
  if (loser !== undefined) expectVersionFailure(loser, 412);
  expect(await subject.stored()).toEqual({ version: before + 1, value: winner });
};

/** A write naming no version (the API's clients from before versions) still writes, last writer winning, and moves the version. */
export const expectUnversionedWrites = async <V>(subject: VersionedSubject<V>): Promise<void> => {
  const value = subject.values[7];
  if (value === undefined) throw new Error("values too few");
  const before = (await subject.stored()).version;
  await expectWritten(subject, await subject.write(value, {}), before, value);
  await expectWritten(subject, await subject.write(value, { ifMatch: "*" }), before + 1, value);
};

/** A malformed If-Match, or header and body naming different versions, is 400 ERROR_056 on `version`; nothing changes. */
export const expectUnreadableRefused = async <V>(subject: VersionedSubject<V>): Promise<void> => {
  const before = await subject.stored();
  const [value] = subject.values;
  if (value === undefined) throw new Error("values too few");
  for (const ifMatch of [`W/${tag(before.version)}`, String(before.version), `${tag(before.version)}, ${tag(before.version + 1)}`, '"0"', '"x"']) {
    expectVersionFailure(await subject.write(value, { ifMatch }), 400);
  }
  expectVersionFailure(await subject.write(value, { ifMatch: tag(before.version), body: before.version + 1 }), 400);
  expect(await subject.stored()).toEqual(before);
  expect(await subject.lastAudit()).toMatchObject({ outcome: "failure", reason: "invalid_version" });
};
