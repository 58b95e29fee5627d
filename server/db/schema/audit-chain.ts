import { bigint, index, integer, pgTable, primaryKey, text, unique } from "drizzle-orm/pg-core";
import { instant } from "./timestamps.ts";

/**
 * The hash chains of the audit trail (docs/audit.md): one chain per institution (chain = its id)
 * and one for rows without an institution (chain 0). Position n of a chain holds SHA-256 over
 * position n-1's hash and the canonical content of its event. Filled by the sealer
 * (server/audit/audit-seal.ts) after the events commit, never by a request; append-only like the
 * events themselves (migration 0033).
 */
export const auditChain = pgTable(
  "audit_chain",
  {
    chain: integer("chain").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    /** 64 lowercase hex digits. */
    hash: text("hash").notNull(),
    sealedAt: instant("sealed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.position] }), unique("audit_chain_event_unique").on(t.eventId)],
);

/**
 * Signed heads of the chains (docs/audit.md, "Checkpoints"): a chain can hide its newest rows being
 * cut off, a checkpoint cannot, since verify finds the position it names missing. Append-only.
 */
export const auditCheckpoints = pgTable(
  "audit_checkpoints",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    createdAt: instant("created_at").notNull(),
    chain: integer("chain").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
    /** Ed25519 over checkpointMessage (server/audit/audit-checkpoint.ts), base64. */
    signature: text("signature").notNull(),
    /** The first 16 hex digits of SHA-256 over the public key, so a rotated key is told apart. */
    keyId: text("key_id").notNull(),
  },
  (t) => [index("audit_checkpoints_chain_idx").on(t.chain, t.position)],
);
