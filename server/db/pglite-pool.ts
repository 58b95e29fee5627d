import type { PGlite } from "@electric-sql/pglite";
import type { DatabaseHandle } from "./database.ts";
import { pgliteHandle } from "./pglite-handle.ts";
import { type PgliteState, captureState, resetTo, schemaFingerprint } from "./pglite-reuse.ts";

/**
 * This worker's closed test databases, kept for the next suite (pglite-reuse.ts says why and how
 * they are reset). A few are enough: a suite holds at most three or four at once, and each idle
 * one keeps its memory (about 100 MB).
 */
const MAX_IDLE = 4;
const idle: { readonly client: PGlite; readonly fingerprint: string }[] = [];

/** Per starting state (a template's name, "" for the migrated one): its rows and its schema. */
const starts = new Map<string, Promise<{ readonly state: PgliteState; readonly fingerprint: string }>>();

/** Counts for the test that checks the pool is used, and for the timing notes. */
export const pgliteStarts = { fresh: 0, reused: 0 };

/**
 * A database in the state `key` names: a pooled one reset to it when this worker has one of the
 * same schema, else `fresh()` (a new PGlite loaded from the snapshot). The handle's `close()`
 * returns the database to the pool; the handle itself refuses every query from then on, so a
 * suite that kept a reference cannot reach the next suite's data.
 */
export const leasePglite = async (key: string, fresh: () => Promise<PGlite>): Promise<DatabaseHandle> => {
  const known = starts.get(key);
  let client: PGlite | undefined;
  if (known !== undefined) {
    const { state, fingerprint } = await known;
    // The one returned last: its memory is the most likely to be warm.
    const index = idle.findLastIndex((entry) => entry.fingerprint === fingerprint);
    const candidate = index === -1 ? undefined : idle.splice(index, 1)[0]?.client;
    if (candidate !== undefined) {
      try {
        await resetTo(candidate, state);
        client = candidate;
        pgliteStarts.reused += 1;
      } catch {
        await candidate.close().catch(() => undefined);
      }
    }
  }
  if (client === undefined) {
    client = await fresh();
    pgliteStarts.fresh += 1;
    if (known === undefined) {
      const pristine = client;
      const captured = (async () => ({ state: await captureState(pristine), fingerprint: await schemaFingerprint(pristine) }))();
      starts.set(key, captured);
      captured.catch(() => starts.delete(key));
      await captured;
    }
  }
  return leased(client);
};

const leased = (client: PGlite): DatabaseHandle => {
  let released = false;
  // Every call through the handle checks that it still holds the database.
  const guarded = new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (released) throw new Error("this test database was closed (returned to the pool)");
        return (value as (...rest: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const inner = pgliteHandle(guarded);
  return {
    ...inner,
    close: async () => {
      if (released) return;
      released = true;
      await release(client);
    },
    isClosed: () => released,
  };
};

const release = async (client: PGlite): Promise<void> => {
  try {
    await client.exec("rollback");
    const fingerprint = await schemaFingerprint(client);
    if (idle.length < MAX_IDLE) {
      idle.push({ client, fingerprint });
      return;
    }
  } catch {
    // A database that cannot even answer is closed below.
  }
  await client.close().catch(() => undefined);
};
