import { fileURLToPath } from "node:url";
import { loadConfig } from "../../config.ts";
import { connectDatabase } from "../connect.ts";
import { type CounterCheck, checkCounters, repairCounters } from "./check-counters.ts";

const USAGE = `npm run db:check-counters [-- --repair]

Recomputes every counter kept on write (patient_counts, each patient's pending sessions and latest
session, each exercise level's pending sessions, session_buckets, patient_last_session_days, patient_data_days) from the rows it counts, on the database npm start uses (DATA_DIR's
embedded database, or DATABASE_URL), and lists any difference. Exit code 0: all exact; 1: differences
(or an error). --repair rewrites the counters from scratch, then checks again.
`;

/** The report the command prints: one line per counter, then the differences found. */
export const counterReport = (check: CounterCheck): string => {
  const lines = Object.entries(check.counted).map(([counter, count]) => `${counter.padEnd(26)} ${count === 0 ? "exact" : `${count} differences`}`);
  for (const difference of check.differences) {
    lines.push(`  ${difference.counter}: ${difference.key}: stored ${difference.stored}, expected ${difference.expected}`);
  }
  return `${lines.join("\n")}\n`;
};

const main = async (argv: readonly string[]): Promise<number> => {
  if (argv.includes("--help")) {
    process.stdout.write(USAGE);
    return 0;
  }
  const unknown = argv.filter((arg) => arg !== "--repair");
  if (unknown.length > 0) {
    process.stderr.write(`unknown argument ${unknown.join(" ")}\n\n${USAGE}`);
    return 1;
  }
  const loaded = loadConfig(process.env);
  if (!loaded.ok) throw new Error(`fix the configuration: ${loaded.problems.join("; ")}`);
  const database = await connectDatabase(loaded.config);
  try {
    await database.migrate();
    const started = performance.now();
    if (argv.includes("--repair")) {
      await repairCounters(database.db);
      process.stdout.write(`counters rewritten in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    }
    const checked = performance.now();
    const check = await checkCounters(database.db);
    process.stdout.write(counterReport(check));
    process.stdout.write(`checked in ${((performance.now() - checked) / 1000).toFixed(1)} s\n`);
    return Object.values(check.counted).every((count) => count === 0) ? 0 : 1;
  } finally {
    await database.close();
  }
};

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`db:check-counters failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
