import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { startPeriodicPass } from "../lifecycle/periodic-pass.ts";
import { type CheckpointKeys, writeCheckpoint } from "./audit-checkpoint.ts";
import { SEALING, sealAuditChain } from "./audit-seal.ts";

export type AuditSealPass = { readonly runOnce: () => Promise<number>; readonly stop: () => Promise<void> };

/**
 * Seals the audit events that have committed every few seconds (docs/audit.md, "Sealing") and
 * writes the day's signed checkpoint on the first pass of each UTC day (a second process finds it
 * written and writes none). Its timer does not keep the process alive; stop() waits for the pass
 * in hand, so the database can close after it.
 */
export const startAuditSealPass = (
  deps: { readonly db: Database; readonly clock: Clock; readonly log: FastifyBaseLogger; readonly keys: CheckpointKeys },
  options: { readonly everyMs?: number } = {},
): AuditSealPass => {
  let checkpointDay = "";
  const runOnce = async (signal: AbortSignal): Promise<number> => {
    const sealed = await sealAuditChain(deps.db, { signal });
    const now = deps.clock.now();
    const day = now.toISOString().slice(0, 10);
    if (day !== checkpointDay && !signal.aborted) {
      const chains = await writeCheckpoint(deps.db, deps.keys, now, { onlyIfDue: true });
      if (chains > 0) deps.log.info({ chains, keyId: deps.keys.keyId }, "audit checkpoint written");
      checkpointDay = day;
    }
    return sealed;
  };
  const pass = startPeriodicPass({
    firstMs: 0,
    everyMs: options.everyMs ?? SEALING.everyMs,
    run: runOnce,
    onError: (error) => deps.log.error({ err: error }, "audit sealing failed; it runs again later"),
  });
  return { runOnce: () => runOnce(pass.signal), stop: pass.stop };
};
