import { describe, expect, it, vi } from "vitest";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { API_KEY_HEADER, createTestApp, TEST_ROUTE_DOC } from "../test-app.test-helper.ts";
import { gracefulShutdown } from "./graceful-shutdown.ts";

// The test builds its own app (migrations included) in its body, which takes well over the default
// 20 s on a loaded 2-core machine; it still fails at once if the shutdown misbehaves.
const FLOW_MS = 120_000;

describe.each(TEST_DRIVERS)("graceful shutdown (%s)", (driver) => {
  it("finishes the request in flight, stops accepting, closes the database and exits 0", { timeout: FLOW_MS }, async () => {
    let release: () => void = () => undefined;
    let arrived: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const t = await createTestApp(driver, {
      extraRoutes: (app) => {
        app.get("/api/test/slow", { config: { doc: TEST_ROUTE_DOC, access: { public: true } } }, async () => {
          arrived();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return { finished: true };
        });
      },
    });
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });

    const slow = fetch(`${address}/api/test/slow`, { headers: API_KEY_HEADER });
    await inFlight;
    const exits: number[] = [];
    const shutdown = gracefulShutdown({ app: t.app, database: t.database, log: t.app.log, exit: (code) => exits.push(code) });
    const done = shutdown("SIGTERM");

    // While the slow request runs: new connections are refused, the database is still open.
    // Polled rather than slept on: the listener closes as soon as the loop gets to it.
    await vi.waitFor(() => expect(fetch(`${address}/api/health`)).rejects.toThrow(), { timeout: 30_000 });
    expect(t.database.isClosed()).toBe(false);

    release();
    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await done;
    expect(t.database.isClosed()).toBe(true);
    expect(exits).toEqual([0]);
    // A second signal while (or after) shutting down does nothing more.
    await shutdown("SIGINT");
    expect(exits).toEqual([0]);
  });
});
