import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { DEFAULT_API_KEY } from "../../config.ts";
import { writeSessionFixtures } from "./mobile-sessions.fixtures.ts";
import { type ReplayReport, httpSend, readSessionFiles, replaySessions } from "./session-replay.ts";
import { joinOptionValues } from "../../platform/cli-arguments.ts";

const HELP = `Posts every *.json session file of DIR through POST /api/mobile/game-sessions/ and counts the answers.

  npm run replay-sessions -- DIR [--base URL] [--token T | --token-file F] [--concurrency N] [--api-key K]
  npm run replay-sessions -- --write-fixtures DIR

  --base URL         the portal (default http://localhost:$PORT, PORT 3000)
  --token T          the device token (from "Pair a device" on the patient's record)
  --token-file F     a file holding the token (first line), so it stays out of the shell history
  --concurrency N    uploads at once (default 4, 1-64)
  --api-key K        X-Api-Key (default $API_KEY, else the development key)
  --write-fixtures   writes one session per game type into DIR (game ids of a fresh database)

Exit status: 0 when no file failed, 1 otherwise (and 2 for wrong arguments).`;

const usage = (message: string): never => {
  process.stderr.write(`${message}\n\n${HELP}\n`);
  process.exit(2);
};

const print = (report: ReplayReport, seconds: number): void => {
  process.stdout.write(`created ${report.created}, repeated ${report.repeated}, failed ${report.failed.length} (${seconds.toFixed(1)} s)\n`);
  for (const failure of report.failed) process.stdout.write(`  ${failure.file}: ${failure.status} ${failure.reason}\n`);
};

const OPTIONS = {
  base: { type: "string" },
  token: { type: "string" },
  "token-file": { type: "string" },
  concurrency: { type: "string" },
  "api-key": { type: "string" },
  "write-fixtures": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** `npm run replay-sessions -- DIR --token T` (docs/mobile-api.md, "Replaying sessions"). */
const main = async (): Promise<void> => {
  let parsed;
  try {
    parsed = parseArgs({ args: joinOptionValues(process.argv.slice(2), OPTIONS), allowPositionals: true, options: OPTIONS });
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const [folder, ...extra] = positionals;
  if (folder === undefined || extra.length > 0) return usage("Name exactly one folder.");
  if (values["write-fixtures"] === true) {
    const names = await writeSessionFixtures(folder);
    process.stdout.write(`wrote ${names.length} session files into ${folder}\n`);
    return;
  }
  if ((values.token === undefined) === (values["token-file"] === undefined)) return usage("Give the device token with --token or --token-file (one of them).");
  const token = values.token ?? (await readFile(values["token-file"] ?? "", "utf8")).split(/\r?\n/)[0]?.trim() ?? "";
  const concurrency = Number(values.concurrency ?? "4");
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) return usage("--concurrency is a whole number from 1 to 64.");
  const base = values.base ?? `http://localhost:${process.env["PORT"] ?? "3000"}`;
  if (!URL.canParse(base)) return usage(`--base ${base} is not a URL.`);
  const files = await readSessionFiles(folder);
  if (files.length === 0) return usage(`No *.json file in ${folder}.`);
  const started = performance.now();
  const report = await replaySessions(files, httpSend({ base, apiKey: values["api-key"] ?? process.env["API_KEY"] ?? DEFAULT_API_KEY, token }), concurrency);
  print(report, (performance.now() - started) / 1000);
  process.exitCode = report.failed.length === 0 ? 0 : 1;
};

await main();
