// Starts the real portal server for Playwright on a database folder nobody else uses, so every
// run begins from an empty, freshly migrated database and leaves nothing behind.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = process.env.E2E_PORT ?? "3137";
const dataDir = mkdtempSync(join(tmpdir(), "portal-e2e-"));

// tsx's CLI run by this same Node binary: no npx in between, so signals reach the server itself.
const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");

const server = spawn(process.execPath, [tsxCli, "server/main.ts"], {
  stdio: "inherit",
  // Warnings and errors only: a request log per asset would bury Playwright's own report.
  env: { LOG_LEVEL: "warn", ...process.env, DATA_DIR: dataDir, PORT: port, HOST: "127.0.0.1", NODE_ENV: "test" },
});

let removed = false;
function removeDataDir() {
  if (removed) return;
  removed = true;
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    // Forward and wait: the server closes its database before we delete the folder under it.
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on("error", (error) => {
  console.error("Could not start the test server:", error);
  removeDataDir();
  process.exit(1);
});

server.on("exit", (code, signal) => {
  removeDataDir();
  process.exit(code ?? (signal ? 0 : 1));
});

// Last resort if this process is ended without the child's exit event (e.g. an uncaught error).
process.on("exit", removeDataDir);
