import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isAlive, LOCK_FILE_NAME } from "./db/data-folder-lock.ts";

// `server/main.ts` as real processes on one data folder (the embedded database): one server per
// folder, recovery after `kill -9`, a clean SIGTERM, and a server that stops when its database
// process dies. Production settings skip the demo seed, which only makes starts slower. Ports
// 3241-3242; every wait is bounded, and generous for a busy machine.
const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const PORTS = [3241, 3242] as const;
const START_TIMEOUT_MS = 240_000;
const SLOW = 600_000;

type Server = { readonly child: ChildProcess; output: string; readonly exited: Promise<number | null> };
const started: Server[] = [];

const startServer = (dataDir: string, port: number): Server => {
  // node --import tsx (not tsx's CLI): the pid we hold is the server's own.
  const child = spawn(process.execPath, ["--import", TSX_LOADER, "server/main.ts"], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      API_KEY: "integration-test-api-key-0123456789abcdef",
      JWT_SECRET: "integration-test-jwt-secret-0123456789abcdef",
      MFA_SECRET_KEY: "a".repeat(64),
      AUDIT_CHECKPOINT_KEY: "c".repeat(64),
      SMTP_URL: "smtp://127.0.0.1:1",
    },
  });
  const server: Server = {
    child,
    output: "",
    exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
  };
  const append = (chunk: Buffer) => {
    server.output += chunk.toString("utf8");
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  started.push(server);
  return server;
};

const waitForHealth = async (server: Server, port: number): Promise<void> => {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}) while starting:\n${server.output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not get healthy in time:\n${server.output}`);
};

const exitWithin = async (server: Server, ms: number): Promise<number | null> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the server did not exit within ${ms} ms:\n${server.output}`)), ms);
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

const lockOwner = async (dataDir: string) =>
  JSON.parse(await readFile(path.join(dataDir, LOCK_FILE_NAME), "utf8")) as { pid: number; startedAt: string; databasePid: number };

describe("one server process per data folder (npm start on PGlite)", () => {
  let dataDir = "";
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "portal-main-"));
  });
  afterEach(async () => {
    // A failed test must not leave servers behind.
    for (const server of started.splice(0)) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
      await server.exited;
    }
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    "refuses a second server on the same folder, naming the folder and the running one; recovers the lock a kill -9 left",
    async () => {
      const first = startServer(dataDir, PORTS[0]);
      await waitForHealth(first, PORTS[0]);
      const owner = await lockOwner(dataDir);
      expect(owner.pid).toBe(first.child.pid);

      const second = startServer(dataDir, PORTS[1]);
      expect(await exitWithin(second, 60_000)).toBe(1);
      expect(second.output).toContain(`The data folder ${dataDir} is in use by another portal server (pid ${first.child.pid}, started ${owner.startedAt}`);
      // The refused start touched nothing: the first server still answers and still holds the lock.
      await waitForHealth(first, PORTS[0]);
      expect((await lockOwner(dataDir)).pid).toBe(first.child.pid);

      first.child.kill("SIGKILL");
      await first.exited;
      // The lock stays behind; its database process notices the parent is gone and stops, and the
      // next start waits for that, then takes the folder over.
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
      const third = startServer(dataDir, PORTS[1]);
      await waitForHealth(third, PORTS[1]);
      expect((await lockOwner(dataDir)).pid).toBe(third.child.pid);
      expect(isAlive(owner.databasePid)).toBe(false);

      // SIGTERM: a clean stop that frees the folder.
      const databasePid = (await lockOwner(dataDir)).databasePid;
      third.child.kill("SIGTERM");
      expect(await exitWithin(third, 60_000)).toBe(0);
      expect(isAlive(databasePid)).toBe(false);
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
      expect(third.output).toContain("shutdown complete");
    },
    SLOW,
  );

  it(
    "stops with a non-zero code and says why when its database process dies",
    async () => {
      const server = startServer(dataDir, PORTS[0]);
      await waitForHealth(server, PORTS[0]);
      const { databasePid } = await lockOwner(dataDir);
      process.kill(databasePid, "SIGKILL");
      expect(await exitWithin(server, 60_000)).toBe(1);
      expect(server.output).toContain(`the embedded database process (pid ${databasePid}) stopped unexpectedly (signal SIGKILL); the server stops`);
      // Its own lock went with it, so the next start needs no recovery.
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    },
    SLOW,
  );
});
