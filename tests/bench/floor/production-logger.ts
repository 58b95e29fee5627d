import { openSync, writeSync } from "node:fs";

/**
 * The logger the server runs with (server/main.ts: pino at `info`, each line written at once to
 * standard output), writing to /dev/null: what a request costs in logging is serialising its
 * lines and one write each, as in production, without the test harness's default of parsing
 * every line back and keeping it (server/test-app.test-helper.ts), which is not the server's work.
 */
export const productionLogger = (): { level: string; stream: { write: (line: string) => void } } => {
  const sink = openSync("/dev/null", "w");
  return { level: "info", stream: { write: (line: string) => void writeSync(sink, line) } };
};
