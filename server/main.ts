import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import { roundToOneDecimal } from "../domain/shared/format/round.ts";
import { DEFAULT_DIST_DIR, buildApp } from "./app.ts";
import { checkpointKeysOf } from "./audit/audit-checkpoint.ts";
import { startAuditSealPass } from "./audit/audit-seal-pass.ts";
import { buildClientIfMissing } from "./build-client.ts";
import { systemClock } from "./clock.ts";
import { loadConfig } from "./config.ts";
import { connectDatabase } from "./db/connect.ts";
import { DataFolderInUse } from "./db/data-folder-lock.ts";
import { startRtmStatusPass } from "./features/billing/index.ts";
import { startUnreadReminderPass } from "./features/chat/index.ts";
import { createMailPort } from "./outbox/mail-port.ts";
import { smtpTransport } from "./outbox/smtp-transport.ts";
import { pruneAuthState } from "./auth/prune-auth-state.ts";
import { deriveAuthKeys } from "./auth/auth-keys.ts";
import { resealTotpSecrets } from "./auth/mfa-enrolments.ts";
import { gracefulShutdown, shutdownOnSignals } from "./lifecycle/graceful-shutdown.ts";
import { limitHeapGrowth } from "./runtime/heap-growth.ts";
import { DEMO_ACCOUNTS } from "./seed/demo-accounts.ts";
import { syncReferenceData } from "./seed/reference-data.ts";
import { seedDemoData } from "./seed/seed-demo-data.ts";

const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * `npm start` (tsx server/main.ts --build-client-if-missing): build the client if asked and
 * needed, connect (for PGlite: lock the data folder and start the embedded database's process), migrate, sync reference data, seed the demo on first start (never in
 * production), listen, and shut down cleanly on SIGTERM/SIGINT.
 */
const main = async (): Promise<void> => {
  const started = performance.now();
  limitHeapGrowth();
  const loaded = loadConfig(process.env);
  if (!loaded.ok) {
    process.stderr.write(`The server cannot start; fix the configuration:\n${loaded.problems.map((p) => `  - ${p}`).join("\n")}\n`);
    process.exit(1);
  }
  const { config } = loaded;
  const logger = { level: process.env.LOG_LEVEL ?? "info" };
  // A logger for the steps before the app exists; the app then logs with the same settings.
  const bootLog = Fastify({ logger }).log;

  if (process.argv.includes("--build-client-if-missing")) await buildClientIfMissing(DEFAULT_DIST_DIR, PROJECT_ROOT, bootLog);

  const database = await connectDatabase({
    ...config,
    // Without its database the server can only fail every request: say why and stop, never hang.
    onDatabaseLost: (description) => {
      bootLog.fatal(`${description}; the server stops`);
      process.exit(1);
    },
  });
  bootLog.info({ driver: database.driver, where: database.driver === "pglite" ? config.dataDir : "DATABASE_URL" }, "database connected");
  await database.migrate();
  await syncReferenceData(database.db);
  await pruneAuthState(database.db, systemClock.now());
  // Legacy clear secrets and those under MFA_SECRET_KEY_PREVIOUS are sealed under the current key
  // before the first request; a row no configured key opens stops the start (see docs/security.md).
  const resealed = await resealTotpSecrets(database.db, deriveAuthKeys(config.jwtSecret, config.accessTokenLifetimeMs, config.mfaSecretKeys));
  if (resealed.resealed > 0) bootLog.info(resealed, "authenticator secrets sealed under the current MFA_SECRET_KEY");
  if (!config.isProduction) {
    const seedStarted = performance.now();
    const seeded = await seedDemoData(database.db, { baseDate: systemClock.now(), password: config.demoPassword, passwordHashCost: config.passwordHashCost });
    if (seeded.seeded) bootLog.info({ ...seeded, seconds: roundToOneDecimal((performance.now() - seedStarted) / 1000) }, "demo data seeded (first start)");
  }

  // One SMTP transport for the app's mail and the chat reminders, closed after both have stopped.
  const smtp = config.smtpUrl === undefined ? undefined : smtpTransport(config.smtpUrl, config.mailFrom);
  const app = await buildApp({ config, db: database.db, databasePing: database.ping, readSnapshot: database.readSnapshot, clock: systemClock, logger, mailTransport: smtp });
  // /rtm statuses kept ahead of the read (docs/billing.md "/rtm"); stopped before the database closes.
  const statusPass = startRtmStatusPass({ db: database.db, runAlone: database.runAlone, clock: systemClock, log: app.log });
  app.addHook("onClose", async () => statusPass.stop());
  // The audit trail's hash chains and daily checkpoints (docs/audit.md).
  const sealing = startAuditSealPass({ db: database.db, clock: systemClock, log: app.log, keys: checkpointKeysOf(config.auditCheckpointKey) });
  app.addHook("onClose", async () => sealing.stop());
  // The chat's unread e-mail reminders (docs/chat-api.md "Reminders").
  const mail = createMailPort({ db: database.db, clock: systemClock, log: app.log, transport: smtp, logBodies: !config.isProduction });
  const reminders = startUnreadReminderPass({ db: database.db, clock: systemClock, log: app.log, mail, publicUrl: config.publicUrl, afterMs: config.chatReminderAfterMs });
  app.addHook("onClose", async () => {
    await reminders.stop();
    smtp?.close();
  });
  shutdownOnSignals(gracefulShutdown({ app, database, log: app.log, exit: (code) => process.exit(code) }));
  const address = await app.listen({ port: config.port, host: config.host });
  const seconds = roundToOneDecimal((performance.now() - started) / 1000);
  app.log.info({ seconds }, `portal ready at ${address.replace("127.0.0.1", "localhost")}`);
  if (!config.isProduction) {
    // Where a person reads their code: the outbox page when this server offers it (its own loud
    // warning says to whom), else the server log, which writes every message outside production.
    const codes = config.devOutbox === "off" ? "one-time codes: in this log (the development outbox is off)" : `one-time codes: ${address}/dev/outbox`;
    app.log.info(
      `demo accounts (password from DEMO_PASSWORD${config.demoPassword === "Demo-Portal-2026!" ? ": Demo-Portal-2026!" : ""}): ${DEMO_ACCOUNTS.map((a) => `${a.email} (${a.role})`).join(", ")}; ${codes}`,
    );
  }
};

main().catch((error: unknown) => {
  if (error instanceof DataFolderInUse) {
    process.stderr.write(`The server cannot start: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`The server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
