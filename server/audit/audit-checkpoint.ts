import { type KeyObject, createHash, createPrivateKey, createPublicKey, sign, verify } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { rowsOf } from "../db/rows-of.ts";
import { SEAL_LOCK_KEY, sealAuditChain } from "./audit-seal.ts";

/** The Ed25519 key pair of the checkpoints, from the configured 32-byte seed (AUDIT_CHECKPOINT_KEY). */
export type CheckpointKeys = { readonly privateKey: KeyObject; readonly publicKey: KeyObject; readonly keyId: string };

// PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410): this prefix, then the 32 bytes.
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

export const checkpointKeysOf = (seed: Uint8Array): CheckpointKeys => {
  if (seed.length !== 32) throw new Error("AUDIT_CHECKPOINT_KEY must be 32 bytes");
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" });
  const publicKey = createPublicKey(privateKey);
  const keyId = createHash("sha256").update(publicKey.export({ format: "der", type: "spki" })).digest("hex").slice(0, 16);
  return { privateKey, publicKey, keyId };
};

/** One chain's head as a checkpoint names it. */
export type Checkpoint = { readonly createdAt: Date; readonly chain: number; readonly position: number; readonly hash: string };

/** The exact bytes a checkpoint's signature covers (docs/audit.md, "Checkpoints"). */
export const checkpointMessage = (checkpoint: Checkpoint): Buffer =>
  Buffer.from(`portal-audit-checkpoint/v1 ${checkpoint.chain} ${checkpoint.position} ${checkpoint.hash} ${checkpoint.createdAt.toISOString()}`, "utf8");

export const signCheckpoint = (keys: CheckpointKeys, checkpoint: Checkpoint): string => sign(null, checkpointMessage(checkpoint), keys.privateKey).toString("base64");

export const checkpointSignatureHolds = (keys: CheckpointKeys, checkpoint: Checkpoint, signature: string): boolean =>
  verify(null, checkpointMessage(checkpoint), keys.publicKey, Buffer.from(signature, "base64"));

/** The start of `now`'s UTC day: a checkpoint written since then is today's. */
const dayStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * Seals what has committed, then writes a signed checkpoint of every chain's head, unless
 * `onlyIfDue` and one was already written today (UTC). Under the sealer's lock, so two processes
 * never write the day's twice. Answers how many chains it named.
 */
export const writeCheckpoint = async (db: Database, keys: CheckpointKeys, now: Date, options: { readonly onlyIfDue?: boolean } = {}): Promise<number> => {
  await sealAuditChain(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEAL_LOCK_KEY})`);
    if (options.onlyIfDue === true) {
      const today = rowsOf(await tx.execute(sql`select 1 from audit_checkpoints where created_at >= ${dayStart(now).toISOString()}::timestamptz limit 1`));
      if (today.length > 0) return 0;
    }
    const heads = rowsOf(await tx.execute(sql`select distinct on (chain) chain, position, hash from audit_chain order by chain, position desc`)).map(
      (row): Checkpoint => ({ createdAt: now, chain: Number(row.chain), position: Number(row.position), hash: String(row.hash) }),
    );
    if (heads.length === 0) return 0;
    await tx.execute(sql`insert into audit_checkpoints (created_at, chain, position, hash, signature, key_id)
      select ${now.toISOString()}::timestamptz, h.chain, h.position, h.hash, h.signature, ${keys.keyId}::text
      from unnest(${sql.param(heads.map((head) => head.chain))}::int[], ${sql.param(heads.map((head) => head.position))}::bigint[],
        ${sql.param(heads.map((head) => head.hash))}::text[], ${sql.param(heads.map((head) => signCheckpoint(keys, head)))}::text[]) as h(chain, position, hash, signature)`);
    return heads.length;
  });
};
