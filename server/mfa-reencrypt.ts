import { deriveAuthKeys } from "./auth/auth-keys.ts";
import { resealTotpSecrets } from "./auth/mfa-enrolments.ts";
import { loadConfig } from "./config.ts";
import { connectDatabase } from "./db/connect.ts";

/**
 * `npm run mfa:reencrypt`: seals every stored authenticator secret under MFA_SECRET_KEY (legacy
 * clear rows, rows under MFA_SECRET_KEY_PREVIOUS), with the same settings as `npm start`, so
 * MFA_SECRET_KEY_PREVIOUS can be dropped afterwards. The server does the same at every start;
 * this command finishes a rotation without a restart (PostgreSQL) or with the server stopped
 * (the embedded database allows one process per data folder).
 */
const run = async (): Promise<void> => {
  const loaded = loadConfig(process.env);
  if (!loaded.ok) {
    process.stderr.write(`Cannot re-encrypt; fix the configuration:\n${loaded.problems.map((p) => `  - ${p}`).join("\n")}\n`);
    process.exit(1);
  }
  const { config } = loaded;
  const database = await connectDatabase(config);
  try {
    await database.migrate();
    const keys = deriveAuthKeys(config.jwtSecret, config.accessTokenLifetimeMs, config.mfaSecretKeys);
    const report = await resealTotpSecrets(database.db, keys);
    process.stdout.write(`authenticator secrets: ${report.checked} checked, ${report.resealed} sealed again under key ${keys.totpSecrets.current.id}\n`);
  } finally {
    await database.close();
  }
};

run().catch((error: unknown) => {
  process.stderr.write(`Re-encryption failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
