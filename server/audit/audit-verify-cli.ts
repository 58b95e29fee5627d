import { fileURLToPath } from "node:url";
import { systemClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import { connectDatabase } from "../db/connect.ts";
import { checkpointKeysOf, writeCheckpoint } from "./audit-checkpoint.ts";
import { type AuditVerification, verifyAuditTrail } from "./audit-verify.ts";

const USAGE = `npm run audit:verify [-- --checkpoint] [-- --no-seal]

Walks the audit trail's hash chains (docs/audit.md) on the database npm start uses (DATA_DIR's
embedded database, or DATABASE_URL): seals what has committed, recomputes every link, checks every
checkpoint's signature (AUDIT_CHECKPOINT_KEY) and that each chain still reaches it, and names the
first broken row of each chain. Exit code 0: intact; 1: a problem (or an error).
--checkpoint then writes a signed checkpoint of every chain's head (the server writes one a day).
--no-seal walks only what is already sealed.
`;

/** The report the command prints: the counts, then one line per problem. */
export const verificationReport = (report: AuditVerification): string => {
  const rate = report.seconds > 0 ? Math.round(report.rows / report.seconds) : report.rows;
  const lines = [
    `${report.rows} rows in ${report.chains} chains, ${report.checkpoints} checkpoints, ${report.sealed} newly sealed: ${report.seconds.toFixed(2)} s (${rate} rows/s)`,
    report.ok ? "intact" : `${report.problems.length} problems:`,
  ];
  for (const problem of report.problems) {
    const where = [`chain ${problem.chain}${problem.chain === 0 ? " (platform)" : ` (institution ${problem.chain})`}`];
    if (problem.position !== null) where.push(`position ${problem.position}`);
    if (problem.eventId !== null) where.push(`event ${problem.eventId}`);
    lines.push(`  ${problem.kind}: ${where.join(", ")}: ${problem.detail}`);
  }
  return `${lines.join("\n")}\n`;
};

const main = async (argv: readonly string[]): Promise<number> => {
  if (argv.includes("--help")) {
    process.stdout.write(USAGE);
    return 0;
  }
  const unknown = argv.filter((arg) => arg !== "--checkpoint" && arg !== "--no-seal");
  if (unknown.length > 0) {
    process.stderr.write(`unknown argument ${unknown.join(" ")}\n\n${USAGE}`);
    return 1;
  }
  const loaded = loadConfig(process.env);
  if (!loaded.ok) throw new Error(`fix the configuration: ${loaded.problems.join("; ")}`);
  const keys = checkpointKeysOf(loaded.config.auditCheckpointKey);
  const database = await connectDatabase(loaded.config);
  try {
    await database.migrate();
    const report = await verifyAuditTrail(database.db, keys, { seal: !argv.includes("--no-seal") });
    process.stdout.write(verificationReport(report));
    if (argv.includes("--checkpoint") && report.ok) {
      const chains = await writeCheckpoint(database.db, keys, systemClock.now());
      process.stdout.write(`checkpoint written for ${chains} chains (key ${keys.keyId})\n`);
    }
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
};

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`audit:verify failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
