import { fileURLToPath } from "node:url";
import { DEFAULT_DEMO_PASSWORD, loadConfig } from "../config.ts";
import { connectDatabase } from "../db/connect.ts";
import { syncReferenceData } from "./reference-data.ts";
import { parseLargeArguments } from "./large/arguments.ts";
import { SEEDED_TABLES, type SeedProgress, type TableRate } from "./large/meter.ts";
import { seedLargeInstitution } from "./large/seed-large-institution.ts";

export { type LargeInstitution, type LargeSeedOptions, seedLargeInstitution } from "./large/seed-large-institution.ts";

const number = (value: number): string => value.toLocaleString("en");
const rate = (name: string, { rows, seconds, rowsPerSecond }: TableRate): string =>
  `${name.padEnd(12)}${number(rows).padStart(12)} rows in ${seconds.toFixed(1).padStart(6)} s  ${number(rowsPerSecond).padStart(9)} rows/s`;

const progressLine = (progress: SeedProgress): string => {
  const rows = SEEDED_TABLES.filter((table) => progress.rates[table].rows > 0)
    .map((table) => `${table} ${number(progress.rates[table].rows)} (${number(progress.rates[table].rowsPerSecond)}/s)`)
    .join(", ");
  return `  ${number(progress.patients)} / ${number(progress.patientsTotal)} patients: ${rows}\n`;
};

/** At most a line every two seconds (the summary follows at the end). */
const throttled = (write: (progress: SeedProgress) => void) => {
  let last = 0;
  return (progress: SeedProgress) => {
    const now = performance.now();
    if (now - last < 2000) return;
    last = now;
    write(progress);
  };
};

/**
 * `npm run seed:large -- --patients 100000 --attempts` (see --help): the database `npm start`
 * uses (DATA_DIR's PGlite, or DATABASE_URL), migrated and with reference data, gets one more
 * large institution; prints the rates, then who can sign in.
 */
const main = async (): Promise<void> => {
  const parsed = parseLargeArguments(process.argv.slice(2));
  if (parsed.kind === "help") {
    process.stdout.write(parsed.text);
    return;
  }
  if (parsed.kind === "error") {
    process.stderr.write(`seed:large: ${parsed.message}\n`);
    process.exitCode = 1;
    return;
  }
  const options = parsed.options;
  const loaded = loadConfig(process.env);
  if (!loaded.ok) throw new Error(`fix the configuration: ${loaded.problems.join("; ")}`);
  const database = await connectDatabase(loaded.config);
  try {
    await database.migrate();
    await syncReferenceData(database.db);
    process.stdout.write(
      `seeding ${number(options.patients)} patients, ${options.sessionsPerAssignment} sessions per assignment over ${options.days} days${options.attempts ? " with attempts" : ""} (seed ${options.seed}) into ${database.driver === "pglite" ? loaded.config.dataDir : "DATABASE_URL"}…\n`,
    );
    const seeded = await seedLargeInstitution(database.db, { ...options, password: loaded.config.demoPassword, passwordHashCost: loaded.config.passwordHashCost, onProgress: throttled((progress) => process.stdout.write(progressLine(progress))) });
    const rows = SEEDED_TABLES.reduce((sum, table) => sum + seeded.rates[table].rows, 0);
    process.stdout.write(
      [
        "",
        `institution ${seeded.institutionId}: ${number(seeded.patients)} patients, ${number(seeded.staffIds.length)} SLPs, ${number(seeded.assignments)} assignments, ${number(seeded.sessions)} sessions, ${number(seeded.challenges)} challenges, ${number(seeded.attempts)} attempts`,
        ...SEEDED_TABLES.map((table) => `  ${rate(table, seeded.rates[table])}`),
        `  ${number(rows)} rows in ${seeded.seconds.toFixed(1)} s: ${number(Math.round(rows / seeded.seconds))} rows/s overall (planning, counter triggers and the closing VACUUM (ANALYZE) of ${seeded.vacuumSeconds.toFixed(1)} s included)`,
        "",
        "Sign in (second factor by e-mail: the code is in the dev outbox, /api/dev/outbox, or the server log):",
        `  institution administrator  ${seeded.adminEmail}`,
        `  SLP with a big caseload    ${seeded.slpEmail}`,
        // Like the server's start-up line: the default password is no secret, a chosen one is not printed.
        `  password                   the demo password (DEMO_PASSWORD${loaded.config.demoPassword === DEFAULT_DEMO_PASSWORD ? `: ${DEFAULT_DEMO_PASSWORD}` : ""})`,
        "",
      ].join("\n"),
    );
  } finally {
    await database.close();
  }
};

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    process.stderr.write(`seed:large failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
