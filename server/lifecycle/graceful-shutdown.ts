import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/database.ts";

export type ShutdownDeps = {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly log: FastifyBaseLogger;
  readonly exit: (code: number) => void;
  /** After this long the process exits 1 even if requests are still running. */
  readonly timeoutMs?: number;
};

/**
 * Stops in order: stop accepting connections and let in-flight requests finish (Fastify's
 * close), then close the database (an open PGlite would keep Node alive and a half-written
 * page is worse), then exit 0. Calling it again while it runs returns the same promise.
 */
export const gracefulShutdown = (deps: ShutdownDeps): ((reason: string) => Promise<void>) => {
  let running: Promise<void> | undefined;
  return (reason) => {
    running ??= (async () => {
      deps.log.info({ reason }, "shutting down: finishing in-flight requests");
      const timer = setTimeout(() => {
        deps.log.error("shutdown timed out; exiting with in-flight work abandoned");
        deps.exit(1);
      }, deps.timeoutMs ?? 10_000);
      timer.unref();
      try {
        await deps.app.close();
        await deps.database.close();
        clearTimeout(timer);
        deps.log.info("shutdown complete");
        deps.exit(0);
      } catch (error) {
        clearTimeout(timer);
        deps.log.error({ err: error }, "shutdown failed");
        deps.exit(1);
      }
    })();
    return running;
  };
};

/**
 * Shuts down on SIGTERM (orchestrators) and SIGINT (Ctrl+C). The listeners stay installed: with
 * `npm run dev` a process receives Ctrl+C's SIGINT and then its supervisor's SIGTERM, and a
 * signal without a listener would kill it halfway through closing the database.
 */
export const shutdownOnSignals = (shutdown: (reason: string) => Promise<void>): void => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => void shutdown(signal));
  }
};
