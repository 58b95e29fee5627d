import rateLimit from "@fastify/rate-limit";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { preparedOnce, typedPlaceholder } from "../db/prepared.ts";
import { rateLimitCounters } from "../db/schema/rate-limits.ts";
import { startCounterPruning } from "./rate-limit-pruning.ts";

export type IncrementResult = { readonly current: number; readonly ttl: number };
type Callback = (error: Error | null, result?: IncrementResult) => void;

/**
 * A counter's next state on a hit: an expired window starts again at 1 and ends at `windowEnd`,
 * else one hit more. The one rule of every upsert of the table (this store's and the upload's
 * device lookup, server/features/mobile/device-lookup-counted.ts).
 */
export const counterUpdate = (hits: SQL, windowEndsAt: SQL, now: SQL, windowEnd: SQL): { readonly hits: SQL; readonly windowEndsAt: SQL } => ({
  hits: sql`case when ${windowEndsAt} <= ${now} then 1 else ${hits} + 1 end`,
  windowEndsAt: sql`case when ${windowEndsAt} <= ${now} then ${windowEnd} else ${windowEndsAt} end`,
});

// Built once and named (server/db/prepared.ts): every rate-limited call (each upload, sign-in,
// code) runs it, so PostgreSQL plans it once per connection instead of on every call.
const counterUpsert = preparedOnce((db) => {
  const now = typedPlaceholder("now", "timestamptz");
  const windowEnd = typedPlaceholder("windowEnd", "timestamptz");
  const update = counterUpdate(sql`${rateLimitCounters.hits}`, sql`${rateLimitCounters.windowEndsAt}`, now, windowEnd);
  return db
    .insert(rateLimitCounters)
    .values({ key: sql.placeholder("key"), hits: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: { hits: update.hits, windowEndsAt: update.windowEndsAt },
    })
    .returning({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt })
    .prepare("rate_limit_counter_upsert");
});

/**
 * Counts hits in one SQL statement per request (an upsert that also restarts expired windows),
 * so the count is right under concurrency and shared by every API process.
 */
export const incrementCounter = async (
  db: Database,
  key: string,
  windowMs: number,
  now: Date,
): Promise<IncrementResult> => {
  const windowEnd = new Date(now.getTime() + windowMs);
  const [row] = await counterUpsert(db).execute({ key, now: now.toISOString(), windowEnd: windowEnd.toISOString() });
  if (row === undefined) throw new Error("rate-limit upsert returned no row");
  return { current: row.hits, ttl: Math.max(0, row.windowEndsAt.getTime() - now.getTime()) };
};

/**
 * Per-route counters must not share keys. At run time the plugin hands `child` its merged
 * options with the route under `routeInfo` (its type declarations say otherwise), so the label
 * is read defensively: "POST /api/dev/outbox", or "*" for the global store.
 */
const routeLabel = (params: object): string => {
  const info: unknown = "routeInfo" in params ? params.routeInfo : params;
  if (typeof info !== "object" || info === null) return "*";
  const method: unknown = "method" in info ? info.method : undefined;
  const url: unknown = "url" in info ? info.url : undefined;
  const methodText = Array.isArray(method) ? method.join(",") : typeof method === "string" ? method : "*";
  return `${methodText} ${typeof url === "string" ? url : "*"}`;
};

/** The store's namespace of a request's route: the start of its counters' keys. */
export const counterNamespaceOf = (request: FastifyRequest): string => routeLabel({ routeInfo: { method: request.routeOptions.method, url: request.routeOptions.url } });

/**
 * Hits a statement of the request's own has already counted (the upload's device lookup counts
 * its device's upload in the same statement: server/features/mobile/device-lookup-counted.ts), by
 * database and whole key: the store answers the next hit of that key with it instead of counting
 * again. The key generator that counts is awaited right before the store's `incr`, so an answer
 * waits here for no longer than that; concurrent hits of one key are answered in order.
 */
const precounted = new WeakMap<Database, Map<string, IncrementResult[]>>();

/** Leaves a hit counted elsewhere for the store's next `incr` of `key` (`<namespace>|<key>`). */
export const precountedHit = (db: Database, key: string, hit: IncrementResult): void => {
  let byKey = precounted.get(db);
  if (byKey === undefined) {
    byKey = new Map();
    precounted.set(db, byKey);
  }
  byKey.set(key, [...(byKey.get(key) ?? []), hit]);
};

const takePrecounted = (db: Database, key: string): IncrementResult | undefined => {
  const byKey = precounted.get(db);
  const waiting = byKey?.get(key);
  if (byKey === undefined || waiting === undefined) return undefined;
  const [first, ...rest] = waiting;
  if (rest.length === 0) byKey.delete(key);
  else byKey.set(key, rest);
  return first;
};

// @fastify/rate-limit instantiates its store with `new`, once globally and once per route
// (`child`), so the database and clock reach it through a class made in this closure.
const databaseStore = (db: Database, clock: Clock) => {
  class DatabaseRateLimitStore {
    readonly namespace: string;
    constructor(params: object = {}) {
      this.namespace = routeLabel(params);
    }
    incr(key: string, callback: Callback, timeWindow: number): void {
      const counted = takePrecounted(db, `${this.namespace}|${key}`);
      if (counted !== undefined) {
        callback(null, counted);
        return;
      }
      incrementCounter(db, `${this.namespace}|${key}`, timeWindow, clock.now()).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(params: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(params);
    }
  }
  return DatabaseRateLimitStore;
};

/**
 * Per-route limits, opted into with `config.rateLimit: { max, timeWindow }` (no global limit:
 * sign-in and code routes set theirs). A limited call answers 429 with ERROR_012. Expired
 * counters are deleted while the server listens (rate-limit-pruning.ts), from its first moment
 * until it closes; an app that never listens (the tests' inject) runs no timer.
 */
export const registerRateLimit = async (app: FastifyInstance, db: Database, clock: Clock): Promise<void> => {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(db, clock),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error("rate limit reached"), {
        statusCode: 429,
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
  let pruning: ReturnType<typeof startCounterPruning> | undefined;
  app.addHook("onListen", async () => {
    pruning ??= startCounterPruning({ db, clock, log: app.log });
  });
  app.addHook("onClose", async () => pruning?.stop());
};
