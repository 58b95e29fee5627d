import { type ChildProcess, fork } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as Schema from "effect/Schema";
import { EmbeddedDatabaseReport, type EmbeddedDatabaseOrders } from "./embedded-database-messages.ts";

const PROCESS_ENTRY = fileURLToPath(new URL("./embedded-database-process.ts", import.meta.url));
// The child runs TypeScript like the server: tsx's loader, resolved from here so the cwd does not matter.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** node-postgres' name for a Unix socket: `${host}/.s.PGSQL.${port}`. */
const SOCKET_PORT = 5432;
const socketFileName = `.s.PGSQL.${SOCKET_PORT}`;
// sun_path holds 108 bytes on Linux (104 on macOS); a longer data folder path falls back to loopback TCP.
const MAX_SOCKET_PATH = 100;

/** Starting PGlite on a large folder on a busy machine can take a while; never wait forever. */
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
const PING_TIMEOUT_MS = 5_000;

const decodeReport = Schema.decodeUnknownOption(EmbeddedDatabaseReport);

/** How node-postgres reaches the embedded database. */
export type EmbeddedDatabaseAddress = { readonly host: string; readonly port: number };

export type EmbeddedDatabase = {
  readonly pid: number;
  readonly address: EmbeddedDatabaseAddress;
  /** Resolves when the process answers over IPC with PGlite open; rejects after a timeout. */
  readonly ping: () => Promise<void>;
  /** Stops the process cleanly (its socket server, then PGlite), killing it if it hangs. Idempotent. */
  readonly stop: () => Promise<void>;
};

export type EmbeddedDatabaseOptions = {
  readonly dataDir: string;
  /** Called once if the process ends without being asked to (a crash, a kill). */
  readonly onUnexpectedExit: (description: string) => void;
};

const describeExit = (code: number | null, signal: NodeJS.Signals | null): string => (signal === null ? `exit code ${code}` : `signal ${signal}`);

/**
 * Starts PGlite in a child process of its own (server/db/embedded-database-process.ts) and waits
 * until it accepts PostgreSQL connections on a Unix socket in the data folder (loopback TCP for
 * "memory://" or a path too long for a socket). Rejects if it exits or fails to get ready.
 */
export const startEmbeddedDatabase = async (options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> => {
  const socketPath = options.dataDir === "memory://" ? undefined : path.resolve(options.dataDir, socketFileName);
  const orders: EmbeddedDatabaseOrders = {
    dataDir: options.dataDir === "memory://" ? "memory://" : path.resolve(options.dataDir),
    ...(socketPath !== undefined && socketPath.length <= MAX_SOCKET_PATH ? { socketPath } : {}),
  };
  const child: ChildProcess = fork(PROCESS_ENTRY, [JSON.stringify(orders)], {
    execArgv: ["--import", TSX_LOADER],
    stdio: ["ignore", "inherit", "pipe", "ipc"],
    serialization: "json",
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-4000);
    process.stderr.write(chunk);
  });

  let stopRequested = false;
  let ready = false;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("exit", (code, signal) => {
    if (ready && !stopRequested) options.onUnexpectedExit(`the embedded database process (pid ${child.pid}) stopped unexpectedly (${describeExit(code, signal)})`);
  });

  const address = await new Promise<EmbeddedDatabaseAddress>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the embedded database did not get ready within ${READY_TIMEOUT_MS / 1000} s`));
    }, READY_TIMEOUT_MS);
    const onMessage = (message: unknown): void => {
      const decoded = decodeReport(message);
      if (decoded._tag !== "Some" || decoded.value.type !== "ready") return;
      clearTimeout(timer);
      ready = true;
      child.off("exit", onEarlyExit);
      child.off("message", onMessage);
      const answer = decoded.value;
      resolve("socketPath" in answer ? { host: path.dirname(answer.socketPath), port: SOCKET_PORT } : { host: "127.0.0.1", port: answer.port });
    };
    const onEarlyExit = (code: number | null, signal: NodeJS.Signals | null): void => {
      clearTimeout(timer);
      reject(new Error(`the embedded database stopped while starting (${describeExit(code, signal)})${stderr === "" ? "" : `:\n${stderr}`}`));
    };
    child.on("message", onMessage);
    child.once("exit", onEarlyExit);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });

  let nextPingId = 1;
  const pendingPings = new Map<number, (open: boolean) => void>();
  child.on("message", (message: unknown) => {
    const decoded = decodeReport(message);
    if (decoded._tag !== "Some" || decoded.value.type !== "pong") return;
    pendingPings.get(decoded.value.id)?.(decoded.value.open);
    pendingPings.delete(decoded.value.id);
  });
  const ping = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (!child.connected) {
        reject(new Error("the embedded database process is not running"));
        return;
      }
      const id = nextPingId++;
      const timer = setTimeout(() => {
        pendingPings.delete(id);
        reject(new Error(`the embedded database did not answer a ping within ${PING_TIMEOUT_MS} ms`));
      }, PING_TIMEOUT_MS);
      pendingPings.set(id, (open) => {
        clearTimeout(timer);
        if (open) resolve();
        else reject(new Error("the embedded database is closing"));
      });
      child.send({ type: "ping", id }, (error) => {
        if (error === null) return;
        clearTimeout(timer);
        pendingPings.delete(id);
        reject(error);
      });
    });

  let stopping: Promise<void> | undefined;
  return {
    pid: child.pid ?? -1,
    address,
    ping,
    stop: () => {
      stopping ??= (async () => {
        stopRequested = true;
        if (child.exitCode !== null || child.signalCode !== null) return;
        if (child.connected) child.send({ type: "stop" });
        else child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
};
