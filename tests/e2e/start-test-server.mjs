// Starts the real portal server for Playwright on a database folder nobody else uses, so every
// server begins from the same freshly seeded database and leaves nothing behind.
//
// Environment read here (DATABASE_URL is deliberately ignored: see below):
// - E2E_PORT: the port (default 3137); e-mailed links point at http://127.0.0.1:E2E_PORT too.
// - E2E_TEMPLATE_DIR: a data folder migrated and seeded once per run (tests/e2e/global-setup.ts);
//   it is copied, so the server skips the minute of migrating and seeding on a busy machine.
// - E2E_DATA_DIR: use (and keep) this folder instead of a temporary one: how the template is built.
// - E2E_ACCESS_TOKEN_TTL_SECONDS: passed on as ACCESS_TOKEN_TTL_SECONDS (the server's knob for a
//   short access-token lifetime, accepted only outside production). A value inherited from the
//   shell is dropped, so only the project that asks for short tokens gets them.
// PASSWORD_HASH_COST is always test here: seeding the template and every password the flows set
// hash at the cheap cost (the production server, start-production-server.mjs, never gets it).
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = process.env.E2E_PORT ?? "3137";
const accessTokenTtl = process.env.E2E_ACCESS_TOKEN_TTL_SECONDS;
const keptDataDir = process.env.E2E_DATA_DIR;
const templateDir = process.env.E2E_TEMPLATE_DIR;
const dataDir = keptDataDir ?? mkdtempSync(join(tmpdir(), "portal-e2e-"));
// The template's server was stopped cleanly (its lock file removed), so a plain copy is a whole
// PostgreSQL data folder this server owns alone.
if (keptDataDir === undefined && templateDir !== undefined) cpSync(templateDir, dataDir, { recursive: true });

// tsx's CLI run by this same Node binary: no npx in between, so signals reach the server itself.
const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");

const inheritedEnv = { ...process.env };
delete inheritedEnv.ACCESS_TOKEN_TTL_SECONDS;
delete inheritedEnv.E2E_DATA_DIR;
// DATABASE_URL would win over DATA_DIR: .ci/run sets it for the database suites, and a shared
// PostgreSQL database keeps every earlier run's sign-ins, so the flows would meet accounts that
// already changed their password or registered an app. The browser flows always get a fresh
// embedded database of their own.
delete inheritedEnv.DATABASE_URL;
const env = {
  // Warnings and errors only: a request log per asset would bury Playwright's own report.
  LOG_LEVEL: "warn",
  ...inheritedEnv,
  DATA_DIR: dataDir,
  PORT: port,
  HOST: "127.0.0.1",
  NODE_ENV: "test",
  PASSWORD_HASH_COST: "test",
  // Reset links in the outbox then open on the address the browser uses (same origin, same storage).
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ...(accessTokenTtl === undefined ? {} : { ACCESS_TOKEN_TTL_SECONDS: accessTokenTtl }),
};

const server = spawn(process.execPath, [tsxCli, "server/main.ts"], { stdio: "inherit", env });

let removed = false;
function removeDataDir() {
  if (removed || keptDataDir !== undefined) return;
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
