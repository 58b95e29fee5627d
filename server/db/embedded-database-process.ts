import { mkdir, unlink } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import * as Schema from "effect/Schema";
import { EmbeddedDatabaseOrders, type EmbeddedDatabaseReport, EmbeddedDatabaseRequest } from "./embedded-database-messages.ts";

/**
 * The embedded database's own process (started by embedded-database.ts, never by hand): PGlite
 * is WebAssembly running on its thread's event loop, so it lives here and the API process talks
 * to it over the PostgreSQL wire protocol (@electric-sql/pglite-socket), on a Unix socket in the
 * data folder or a loopback TCP port, never a public interface.
 *
 * It stops cleanly (socket server, then PGlite) when told to over IPC, on SIGTERM, or when the
 * parent goes away (its IPC channel closes, e.g. after a `kill -9`). SIGINT is ignored: Ctrl+C
 * reaches the whole process group, and the parent must close its connections before this stops.
 */
const report = (message: EmbeddedDatabaseReport): void => {
  // After the parent is gone there is nobody to tell (and send would fail).
  if (process.connected) process.send?.(message);
};

const main = async (): Promise<void> => {
  const orders = Schema.decodeUnknownSync(Schema.fromJsonString(EmbeddedDatabaseOrders))(process.argv[2] ?? "");
  if (orders.dataDir !== "memory://") await mkdir(orders.dataDir, { recursive: true });
  const db = orders.dataDir === "memory://" ? new PGlite() : new PGlite(orders.dataDir);
  await db.waitReady;
  // A socket file left by a killed process would make listen() fail with EADDRINUSE; the
  // data-folder lock already guarantees no live process uses it.
  if (orders.socketPath !== undefined) await unlink(orders.socketPath).catch(() => undefined);
  // One connection: PGlite is one backend, and the socket server's multiplexer interleaves the
  // extended-protocol messages (Parse/Bind/Execute) of different connections, which can bind one
  // client's parameters to another's unnamed statement. The API's pool therefore holds one.
  const server = new PGLiteSocketServer({
    db,
    maxConnections: 1,
    ...(orders.socketPath === undefined ? { host: "127.0.0.1", port: 0 } : { path: orders.socketPath }),
  });
  await server.start();

  let stopping: Promise<void> | undefined;
  const stop = (reason: string): Promise<void> => {
    stopping ??= (async () => {
      try {
        await server.stop();
        await db.close();
        if (orders.socketPath !== undefined) await unlink(orders.socketPath).catch(() => undefined);
        report({ type: "stopped", reason });
        process.exitCode = 0;
      } catch (error) {
        process.stderr.write(`embedded database: stopping failed: ${String(error)}\n`);
        process.exitCode = 1;
      } finally {
        if (process.connected) process.disconnect();
        // Nothing else should keep the process alive, but a leftover handle must not either.
        setTimeout(() => process.exit(), 2_000).unref();
      }
    })();
    return stopping;
  };
  const decodeRequest = Schema.decodeUnknownOption(EmbeddedDatabaseRequest);
  process.on("message", (message: unknown) => {
    const request = decodeRequest(message);
    if (request._tag === "None") return;
    // A ping never touches PGlite's one session (a query here could land inside a client's
    // transaction or between its Parse and Bind): it answers once the current message is done,
    // since PGlite's work blocks this event loop, which is what a liveness probe needs.
    if (request.value.type === "ping") report({ type: "pong", id: request.value.id, open: !db.closed && stopping === undefined });
    else void stop("asked by the server");
  });
  process.on("disconnect", () => void stop("the server process went away"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => undefined);

  const connection = server.getServerConn();
  report(orders.socketPath === undefined ? { type: "ready", port: Number(connection.split(":").at(-1)) } : { type: "ready", socketPath: orders.socketPath });
};

main().catch((error: unknown) => {
  process.stderr.write(`embedded database failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
