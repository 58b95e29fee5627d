// `npm run perf`: the server it measures, started like tests/e2e/start-test-server.mjs on a fresh
// temporary data folder, on loopback only, and stopped (its folder deleted) at the end.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SERVER_START_MS = 240_000;

/** Starts the server on `port` and waits for /api/health; answers its base URL and how to stop it. */
export async function startServer(port) {
  const dataDir = mkdtempSync(join(tmpdir(), "portal-perf-"));
  const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");
  const env = { ...process.env, LOG_LEVEL: "warn", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "test" };
  // A shared PostgreSQL database would hold earlier runs' sign-ins; the measurement gets its own.
  delete env.DATABASE_URL;
  env.PUBLIC_URL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [tsxCli, join(ROOT, "server/main.ts")], { cwd: ROOT, env, stdio: ["ignore", "inherit", "inherit"] });
  const exited = new Promise((resolveExit) => server.once("exit", resolveExit));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((done) => setTimeout(done, 15_000).unref())]);
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SERVER_START_MS;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with code ${server.exitCode} before answering`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer ${base}/api/health within ${SERVER_START_MS / 1000} s`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}
