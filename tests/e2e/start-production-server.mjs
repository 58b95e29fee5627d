// Starts the portal as a clinic would deploy it, for production-deploy.spec.ts: NODE_ENV=production
// with its own API_KEY, JWT_SECRET and PUBLIC_URL, and SMTP_URL pointing at a real SMTP server
// (smtp-server) run here, which writes every message it receives into E2E_PRODUCTION_MAIL_DIR so
// the test can read the one-time code. Production never seeds demo data, so the data folder is a
// copy of the run's seeded template (E2E_TEMPLATE_DIR, see tests/e2e/global-setup.ts) or, without
// one, the server first runs once in development mode on the fresh folder (which seeds it), is
// stopped, and is then started in production on it. Everything is deleted when this process is
// stopped (SIGTERM).
//
// Environment read here: E2E_PRODUCTION_PORT (default 3139), E2E_PRODUCTION_MAIL_DIR (required),
// E2E_PRODUCTION_API_KEY and E2E_PRODUCTION_JWT_SECRET (required), E2E_TEMPLATE_DIR (optional).
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

const port = process.env.E2E_PRODUCTION_PORT ?? "3139";
const mailDir = process.env.E2E_PRODUCTION_MAIL_DIR;
const apiKey = process.env.E2E_PRODUCTION_API_KEY;
const jwtSecret = process.env.E2E_PRODUCTION_JWT_SECRET;
if (mailDir === undefined || apiKey === undefined || jwtSecret === undefined) {
  console.error("start-production-server.mjs needs E2E_PRODUCTION_MAIL_DIR, E2E_PRODUCTION_API_KEY and E2E_PRODUCTION_JWT_SECRET");
  process.exit(1);
}

const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");
const templateDir = process.env.E2E_TEMPLATE_DIR;
const dataDir = mkdtempSync(join(tmpdir(), "portal-e2e-production-"));
if (templateDir !== undefined) cpSync(templateDir, dataDir, { recursive: true });
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

let current; // the server process running now, if any
let stopping = false;
let smtp;
let mailCount = 0;

function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
}

const exitAfterCleanUp = (code) => {
  if (smtp === undefined) {
    cleanUp();
    process.exit(code);
  }
  smtp.close(() => {
    cleanUp();
    process.exit(code);
  });
};

/** A port nobody listens on now (the OS picks it), for the seeding run nobody else talks to. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });

// A real SMTP peer: no TLS, no authentication (loopback only); each message lands in a file.
const startSmtpSink = () =>
  new Promise((resolve, reject) => {
    const server = new SMTPServer({
      disabledCommands: ["AUTH", "STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks = [];
        stream.on("data", (chunk) => chunks.push(chunk));
        stream.on("end", () => {
          mailCount += 1;
          const name = `${String(Date.now()).padStart(15, "0")}-${String(mailCount).padStart(6, "0")}.eml`;
          writeFileSync(join(mailDir, name), Buffer.concat(chunks));
          callback();
        });
      },
    });
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });

// Settings inherited from the shell must not leak in: DATABASE_URL would win over the fresh data
// folder (see start-test-server.mjs), and the rest are set here per run or refused in production.
const inheritedEnv = { ...process.env };
for (const name of ["E2E_DATA_DIR", "E2E_TEMPLATE_DIR", "DATABASE_URL", "ACCESS_TOKEN_TTL_SECONDS", "PASSWORD_HASH_COST", "API_KEY", "JWT_SECRET", "MFA_SECRET_KEY", "MFA_SECRET_KEY_PREVIOUS", "AUDIT_CHECKPOINT_KEY", "PUBLIC_URL", "SMTP_URL", "HSTS", "NODE_ENV"]) {
  delete inheritedEnv[name];
}

const runServer = (env) => {
  current = spawn(process.execPath, [tsxCli, "server/main.ts"], {
    stdio: "inherit",
    env: { LOG_LEVEL: "warn", ...inheritedEnv, DATA_DIR: dataDir, HOST: "127.0.0.1", ...env },
  });
  return current;
};

const waitForHealth = async (healthPort, child) => {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error("the seeding run stopped before it was ready");
    try {
      if ((await fetch(`http://127.0.0.1:${healthPort}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the seeding run was not ready within 180 s");
};

const stopped = (child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", resolve)));

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    stopping = true;
    // Forward and wait: the server closes its database before the folder under it is deleted.
    if (current !== undefined && current.exitCode === null && current.signalCode === null) current.kill(signal);
    else exitAfterCleanUp(0);
  });
}
process.on("exit", cleanUp);

try {
  smtp = await startSmtpSink();
  const smtpPort = smtp.server.address().port;

  // 1. Without a seeded template, development mode seeds the demo accounts on first start; stop
  //    it once it answers.
  if (templateDir === undefined) {
    const seedPort = await freePort();
    const seeding = runServer({ NODE_ENV: "development", PORT: String(seedPort), PUBLIC_URL: `http://127.0.0.1:${seedPort}` });
    await waitForHealth(seedPort, seeding);
    seeding.kill("SIGTERM");
    await stopped(seeding);
    if (seeding.exitCode !== 0) throw new Error(`the seeding run exited with ${seeding.exitCode ?? seeding.signalCode}`);
  }

  // 2. Production, as documented in README.md: every required setting, none a development default.
  if (!stopping) {
    const production = runServer({
      NODE_ENV: "production",
      PORT: port,
      API_KEY: apiKey,
      JWT_SECRET: jwtSecret,
      // A key of this run's own: production refuses the development key for authenticator secrets.
      MFA_SECRET_KEY: randomBytes(32).toString("base64"),
      // And for the audit checkpoints' signing key (docs/audit.md).
      AUDIT_CHECKPOINT_KEY: randomBytes(32).toString("base64"),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Portal E2E <no-reply@portal.test>",
    });
    production.on("exit", (code, signal) => exitAfterCleanUp(code ?? (signal ? 0 : 1)));
  } else {
    exitAfterCleanUp(0);
  }
} catch (error) {
  console.error("Could not start the production test server:", error);
  if (current !== undefined && current.exitCode === null) current.kill("SIGTERM");
  exitAfterCleanUp(1);
}
