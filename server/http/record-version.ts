import { type SQL, eq, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyReply, FastifyRequest } from "fastify";
import { etagOf, expectedVersion, staleVersion } from "../../domain/shared/record-version.ts";
import { type ApiFailure, fromDomainFailure } from "./api-failure.ts";
import type { Decoded } from "./decode-request.ts";

// docs/api.md, "Versions and concurrent edits": how a route applies domain/shared/record-version.ts.

/** What a route that checks versions declares beside its own errors: a stale write is 412 ERROR_056. */
export const STALE_VERSION_ERRORS = { 412: ["ERROR_056"] } as const;

/**
 * The version a write started from, from If-Match and the body's `version`: none when neither
 * names one (the write does not check); a malformed If-Match or two different versions is 400.
 * Node joins repeated If-Match headers with commas, which reads as a list and is refused.
 */
export const versionOfRequest = (request: FastifyRequest, bodyVersion: number | undefined): Decoded<number | undefined> => {
  const header = request.headers["if-match"];
  const chosen = expectedVersion(Array.isArray(header) ? header.join(", ") : header, bodyVersion);
  return chosen.ok ? { ok: true, value: chosen.value } : { ok: false, failure: fromDomainFailure(400, chosen, "unreadable If-Match or body version") };
};

/** 412: the record no longer holds the version the write started from; nothing was written. */
export const staleVersionFailure = (expected: number): ApiFailure => fromDomainFailure(412, staleVersion(), `stale version: the write started from version ${expected}`);

/**
 * The extra WHERE of a versioned write: the row changes only while it still holds the version
 * the writer saw, decided by the UPDATE itself (so two writers of one version cannot both win);
 * undefined (no condition) for a write that named none.
 */
export const whileAtVersion = (column: PgColumn, expected: number | undefined): SQL | undefined =>
  expected === undefined ? undefined : eq(column, expected);

/** The SET of the version column in every write that changes a versioned record. */
export const nextVersion = (column: PgColumn): SQL => sql`${column} + 1`;

/** Answers a single record's version as a strong ETag. */
export const sendVersionTag = (reply: FastifyReply, version: number): FastifyReply => reply.header("etag", etagOf(version));
