import { createHash, hash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";

/** The hash before a chain's first row: 32 zero bytes, as hex. */
export const GENESIS_HASH = "0".repeat(64);

/** The chain of rows without an institution (sign-ins of the super administrator, platform calls). */
export const PLATFORM_CHAIN = 0;

/** Which chain an event belongs to: its institution's, or the platform's. */
export const chainOf = (alias: string): SQL => sql.raw(`coalesce(${alias}.institution_id, ${PLATFORM_CHAIN})`);

/**
 * The canonical content of an audit event (docs/audit.md, "Canonical content"): a JSON array of
 * every column in a fixed order, the time in UTC to the microsecond, `changes` as jsonb writes it
 * (keys sorted by PostgreSQL). Computed by the database for the sealer and the verifier alike, so
 * both hash exactly the same text; an offline verifier rebuilds it from an export's columns.
 */
export const canonicalContent = (alias: string): SQL =>
  sql.raw(`json_build_array(${alias}.id, to_char(${alias}.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    ${alias}.user_id, ${alias}.role, ${alias}.institution_id, ${alias}.patient_id, ${alias}.ip, ${alias}.user_agent,
    ${alias}.action, ${alias}.resource, ${alias}.resource_id, ${alias}.outcome, ${alias}.reason, ${alias}.request_id, ${alias}.changes)::text`);

// One buffer for every link's input, grown when a content needs more: the verifier hashes a
// million links in seconds, and a hash object and two buffers a link were a third of its time.
let scratch = new Uint8Array(64 * 1024);

/** A chain link: SHA-256 over the previous row's hash (its 32 bytes) and this row's canonical content (UTF-8), as hex. */
export const linkHash = (previous: string, content: string): string => {
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (32 + content.length * 3 > scratch.length) scratch = new Uint8Array(32 + content.length * 3);
  const buffer = Buffer.from(scratch.buffer, scratch.byteOffset, scratch.length);
  // A stored hash that is not 64 hex digits (tampered with) hashes as it always did: what decodes of it.
  if (buffer.write(previous, 0, "hex") !== 32) return createHash("sha256").update(Buffer.from(previous, "hex")).update(content, "utf8").digest("hex");
  const written = buffer.write(content, 32, "utf8");
  return hash("sha256", scratch.subarray(0, 32 + written), "hex");
};
