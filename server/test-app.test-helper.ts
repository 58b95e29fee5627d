import type { FastifyInstance } from "fastify";
import { type AppOptions, buildApp } from "./app.ts";
import { type ManualClock, manualClock } from "./clock.ts";
import { type Config, DEFAULT_API_KEY, testConfig } from "./config.ts";
import type { DatabaseDriver, DatabaseHandle } from "./db/database.ts";
import { type TestTemplate, createTestDatabase } from "./db/test-database.ts";

export const API_KEY_HEADER = { "x-api-key": DEFAULT_API_KEY } as const;
export const TEST_START = new Date("2026-03-01T12:00:00.000Z");

export type TestApp = {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly clock: ManualClock;
  /** Every log line the app wrote, parsed (pino JSON). */
  readonly logs: Array<Record<string, unknown>>;
  readonly close: () => Promise<void>;
};

export type TestAppOptions = Omit<Partial<AppOptions>, "config" | "db" | "clock" | "logger"> & {
  readonly config?: Partial<Config>;
  /** Routes to add before the app is ready (test-only routes must declare access like any other). */
  readonly extraRoutes?: (app: FastifyInstance) => void;
  /**
   * The app's logger. By default every line is parsed and kept in `logs` for the test to read;
   * benches pass a real destination instead, so the harness's parsing and the lines it keeps
   * are not measured as the server's work (tests/bench/floor/production-logger.ts).
   */
  readonly logger?: AppOptions["logger"];
  /** The database starts as this shared state (the demo, say) instead of empty. */
  readonly template?: TestTemplate;
};

/** A real app on its own migrated database (PGlite, or PostgreSQL when that driver is asked for). */
export const createTestApp = async (driver: DatabaseDriver, options: TestAppOptions = {}): Promise<TestApp> => {
  const database = await createTestDatabase(driver, options.template);
  const clock = manualClock(TEST_START);
  const logs: Array<Record<string, unknown>> = [];
  const { config, extraRoutes, template: _template, logger, ...rest } = options;
  const app = await buildApp({
    ...rest,
    config: testConfig(config),
    db: database.db,
    readSnapshot: database.readSnapshot,
    clock,
    logger: logger ?? { level: "info", stream: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) } },
  });
  extraRoutes?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    logs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

/** The doc a test-only route declares (every /api route must have one: server/http/route-doc.ts). */
export const TEST_ROUTE_DOC = { summary: "A route only this test registers", scope: "none", errors: {} } as const;
