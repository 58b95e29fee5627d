import { sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { rowsOf } from "../db/rows-of.ts";
import { chainOf } from "./audit-canonical.ts";
import { chainLinksBetween, sealedEventRange } from "./audit-chain-read.ts";
import { type ChainLink, chainWalk } from "./audit-chain-walk.ts";
import { type CheckpointKeys, checkpointSignatureHolds } from "./audit-checkpoint.ts";
import { SEALING, sealAuditChain, sealedFloor } from "./audit-seal.ts";

export const AUDIT_PROBLEMS = {
  /** The row's content or its place differs from when it was sealed: edited, reordered or inserted. */
  hashMismatch: "hash_mismatch",
  /** The chain names an event that is gone: deleted. */
  missingEvent: "missing_event",
  /** Positions of the chain are gone (rows of the chain deleted, or renumbered). */
  missingPosition: "missing_position",
  /** An event well below the sealed ones that no chain holds: inserted behind the chain. */
  unsealedEvent: "unsealed_event",
  /** A checkpoint names a position the chain no longer reaches: its tail was cut off. */
  checkpointCutOff: "checkpoint_cut_off",
  /** A checkpoint names a hash the chain no longer has at that position: rewritten. */
  checkpointMismatch: "checkpoint_mismatch",
  /** A checkpoint's signature does not hold under the configured key (or names another key). */
  checkpointSignature: "checkpoint_signature",
} as const;
export type AuditProblemKind = (typeof AUDIT_PROBLEMS)[keyof typeof AUDIT_PROBLEMS];

export type AuditProblem = {
  readonly kind: AuditProblemKind;
  /** The chain: the institution's id, 0 for the platform's. */
  readonly chain: number;
  readonly position: number | null;
  readonly eventId: number | null;
  /** On a hash mismatch, the event the row follows: a row inserted with a forged hash breaks the link after it. */
  readonly previousEventId?: number | null;
  readonly detail: string;
};

export type AuditVerification = {
  readonly ok: boolean;
  /** Chain rows walked, and events sealed before the walk. */
  readonly rows: number;
  readonly sealed: number;
  readonly chains: number;
  readonly checkpoints: number;
  readonly seconds: number;
  /** The first problem of each chain (the walk of a chain stops at its first break), then the others. */
  readonly problems: readonly AuditProblem[];
};

type StoredCheckpoint = { readonly createdAt: Date; readonly chain: number; readonly position: number; readonly hash: string; readonly signature: string; readonly keyId: string };

const loadCheckpoints = async (db: Database): Promise<StoredCheckpoint[]> =>
  rowsOf(await db.execute(sql`select created_at, chain, position, hash, signature, key_id from audit_checkpoints order by chain, position`)).map((row) => ({
    createdAt: new Date(String(row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at)),
    chain: Number(row.chain),
    position: Number(row.position),
    hash: String(row.hash),
    signature: String(row.signature),
    keyId: String(row.key_id),
  }));

/** Windows of event ids read ahead of the one being hashed (measured at 1,000,000 rows: three were no faster than one). */
const WINDOWS_AHEAD = 1;

const keyOf = (chain: number, position: number): string => `${chain}:${position}`;

/**
 * Walks every chain from its first row (docs/audit.md, "Verifying"): each row's hash must be
 * SHA-256 over the previous row's hash and its event's canonical content, positions must follow
 * each other, every checkpoint must be signed by the configured key and reached by its chain with
 * the hash it names, and no event far below the sealed ones may be missing from the chains.
 * Seals what has committed first (`seal: false` walks only what is sealed).
 */
export const verifyAuditTrail = async (
  db: Database,
  keys: CheckpointKeys,
  options: { readonly batch?: number; readonly lateWindow?: number; readonly seal?: boolean } = {},
): Promise<AuditVerification> => {
  const { batch = 10_000, lateWindow = SEALING.lateWindow, seal = true } = options;
  const started = performance.now();
  const sealed = seal ? await sealAuditChain(db, { lateWindow }) : 0;
  const checkpoints = await loadCheckpoints(db);
  const checkpointAt = new Map<string, StoredCheckpoint[]>();
  for (const checkpoint of checkpoints) checkpointAt.set(keyOf(checkpoint.chain, checkpoint.position), [...(checkpointAt.get(keyOf(checkpoint.chain, checkpoint.position)) ?? []), checkpoint]);

  const problems: AuditProblem[] = [];
  let rows = 0;
  const walk = chainWalk((link) => {
    for (const checkpoint of checkpointAt.get(keyOf(link.chain, link.position)) ?? []) {
      if (checkpoint.hash !== link.hash) {
        problems.push({ kind: AUDIT_PROBLEMS.checkpointMismatch, chain: link.chain, position: link.position, eventId: link.eventId, detail: `the checkpoint of ${checkpoint.createdAt.toISOString()} names another hash at this position (the chain was rewritten)` });
      }
    }
  });
  // Windows of event ids, the next ones asked for before this one is hashed: the database reads
  // while the verifier hashes (connections of their own on PostgreSQL; PGlite runs them in turn).
  const { oldest, newest } = await sealedEventRange(db);
  const ahead: Promise<ChainLink[]>[] = [];
  let asked = oldest;
  const askMore = (): void => {
    while (ahead.length < WINDOWS_AHEAD && newest > 0 && asked <= newest) {
      const window = chainLinksBetween(db, asked, asked + batch - 1);
      // A failure surfaces where the window is awaited, not as an unhandled rejection before that.
      window.catch(() => undefined);
      ahead.push(window);
      asked += batch;
    }
  };
  askMore();
  for (let window = ahead.shift(); window !== undefined; window = ahead.shift()) {
    const links = await window;
    askMore();
    for (const link of links) walk.add(link);
    rows += links.length;
  }
  const walked = walk.finish();
  const lastPosition = walked.lastPosition;
  problems.unshift(...walked.breaks);

  for (const checkpoint of checkpoints) {
    const at = { chain: checkpoint.chain, position: checkpoint.position, eventId: null };
    if (checkpoint.keyId !== keys.keyId || !checkpointSignatureHolds(keys, checkpoint, checkpoint.signature)) {
      problems.push({ kind: AUDIT_PROBLEMS.checkpointSignature, ...at, detail: `the checkpoint of ${checkpoint.createdAt.toISOString()} is not signed by the configured key (key ${checkpoint.keyId})` });
    }
    const reached = lastPosition.get(checkpoint.chain) ?? 0;
    if (reached < checkpoint.position) {
      problems.push({ kind: AUDIT_PROBLEMS.checkpointCutOff, ...at, detail: `the checkpoint of ${checkpoint.createdAt.toISOString()} names position ${checkpoint.position}; the chain ends at ${reached} (its tail was cut off)` });
    }
  }

  const floor = await sealedFloor(db, lateWindow);
  const unsealed = rowsOf(
    await db.execute(sql`select e.id, ${chainOf("e")} as chain from audit_events e
      where e.id <= ${floor}::bigint and not exists (select 1 from audit_chain c where c.event_id = e.id)
      order by e.id limit 100`),
  );
  for (const row of unsealed) {
    problems.push({ kind: AUDIT_PROBLEMS.unsealedEvent, chain: Number(row.chain), position: null, eventId: Number(row.id), detail: `event ${String(row.id)} is in no chain although newer ones are (inserted behind the chain)` });
  }
  return { ok: problems.length === 0, rows, sealed, chains: lastPosition.size, checkpoints: checkpoints.length, seconds: (performance.now() - started) / 1000, problems };
};
