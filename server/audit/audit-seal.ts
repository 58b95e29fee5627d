import { sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { rowsOf } from "../db/rows-of.ts";
import { GENESIS_HASH, canonicalContent, chainOf, linkHash } from "./audit-canonical.ts";

/**
 * How the sealer links committed events into their chains (docs/audit.md, "Sealing"):
 * `batch` events per statement; `lateWindow` how many event ids below the newest sealed one it
 * still looks for events that committed late (a transaction that was open during the last pass).
 */
export const SEALING = { batch: 5_000, lateWindow: 10_000, everyMs: 5_000 } as const;

/** Any constant: one sealer at a time across processes (a transaction-scoped advisory lock). */
export const SEAL_LOCK_KEY = 38_000_033;


/** The chains' newest positions and hashes, for the chains of one batch. */
const headsOf = async (tx: Database, chains: readonly number[]): Promise<Map<number, { position: number; hash: string }>> => {
  const rows = rowsOf(
    await tx.execute(sql`select k.chain, h.position, h.hash from unnest(${sql.param([...chains])}::int[]) as k(chain)
      left join lateral (select c.position, c.hash from audit_chain c where c.chain = k.chain order by c.position desc limit 1) h on true`),
  );
  return new Map(rows.map((row) => [Number(row.chain), { position: row.position === null ? 0 : Number(row.position), hash: row.hash === null ? GENESIS_HASH : String(row.hash) }]));
};

/** The event id below which the sealer no longer looks for late events: lateWindow below the newest sealed one. */
export const sealedFloor = async (db: Database, lateWindow: number): Promise<number> => {
  const [row] = rowsOf(await db.execute(sql`select coalesce(max(event_id), 0) as newest from audit_chain`));
  return Number(row?.newest ?? 0) - lateWindow;
};

/** One batch: the oldest unsealed events near the chains' ends, linked in id order; answers how many. */
const sealBatch = async (tx: Database, batch: number, lateWindow: number): Promise<number> => {
  const floor = await sealedFloor(tx, lateWindow);
  // The floor as a value, not a subquery: the planner then range-scans both tables' indexes
  // instead of hashing the whole chain (measured: 150 ms a batch at 100,000 rows, growing with them).
  const unsealed = rowsOf(
    await tx.execute(sql`select e.id, ${chainOf("e")} as chain, ${canonicalContent("e")} as content
      from audit_events e left join audit_chain c on c.event_id = e.id and c.event_id > ${floor}::bigint
      where e.id > ${floor}::bigint and c.event_id is null
      order by e.id
      limit ${batch}`),
  ).map((row) => ({ id: Number(row.id), chain: Number(row.chain), content: String(row.content) }));
  if (unsealed.length === 0) return 0;
  const heads = await headsOf(tx, [...new Set(unsealed.map((row) => row.chain))]);
  const chains: number[] = [];
  const positions: number[] = [];
  const events: number[] = [];
  const hashes: string[] = [];
  for (const row of unsealed) {
    const head = heads.get(row.chain) ?? { position: 0, hash: GENESIS_HASH };
    const next = { position: head.position + 1, hash: linkHash(head.hash, row.content) };
    heads.set(row.chain, next);
    chains.push(row.chain);
    positions.push(next.position);
    events.push(row.id);
    hashes.push(next.hash);
  }
  await tx.execute(sql`insert into audit_chain (chain, position, event_id, hash)
    select * from unnest(${sql.param(chains)}::int[], ${sql.param(positions)}::bigint[], ${sql.param(events)}::bigint[], ${sql.param(hashes)}::text[])`);
  return unsealed.length;
};

/**
 * Links every committed, unsealed event into its chain, a batch per transaction under one
 * advisory lock (two sealers never interleave); answers how many it sealed. Requests never wait
 * for it: they only insert their events (docs/audit.md, "Why a sealer").
 */
export const sealAuditChain = async (db: Database, options: { readonly batch?: number; readonly lateWindow?: number; readonly signal?: AbortSignal } = {}): Promise<number> => {
  const { batch = SEALING.batch, lateWindow = SEALING.lateWindow, signal } = options;
  let total = 0;
  for (;;) {
    const sealed = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEAL_LOCK_KEY})`);
      return sealBatch(tx, batch, lateWindow);
    });
    total += sealed;
    if (sealed < batch || signal?.aborted === true) return total;
  }
};
