/** What `npm run seed:large` is asked to make. */
export type LargeSeedArguments = {
  readonly patients: number;
  /** Sessions of every game assignment; 0 makes none. */
  readonly sessionsPerAssignment: number;
  /** How many days back the sessions reach. */
  readonly days: number;
  /** Also write the challenges and attempts of every session. */
  readonly attempts: boolean;
  readonly seed: number;
};

export type ParsedArguments =
  | { readonly kind: "run"; readonly options: LargeSeedArguments }
  | { readonly kind: "help"; readonly text: string }
  | { readonly kind: "error"; readonly message: string };

export const DEFAULT_ARGUMENTS: LargeSeedArguments = { patients: 100_000, sessionsPerAssignment: 24, days: 90, attempts: false, seed: 100_000 };

type NumberFlag = { readonly key: "patients" | "sessionsPerAssignment" | "days" | "seed"; readonly min: number; readonly max: number };

const NUMBER_FLAGS: Readonly<Record<string, NumberFlag>> = {
  "--patients": { key: "patients", min: 1, max: 10_000_000 },
  "--sessions-per-assignment": { key: "sessionsPerAssignment", min: 0, max: 1000 },
  "--days": { key: "days", min: 1, max: 3650 },
  "--seed": { key: "seed", min: 0, max: 4_294_967_295 },
};

export const USAGE = `Usage: npm run seed:large -- [options]

Adds one large institution to the database \`npm start\` uses (DATA_DIR's PGlite, or
DATABASE_URL): patients, SLPs, game assignments of all eight games, and sessions over
the last days, mostly reviewed. Prints rows per second per table, then the e-mail
addresses of its administrator and of an SLP with a big caseload (demo password).

Options:
  --patients N                  patients to create (default ${DEFAULT_ARGUMENTS.patients}; one SLP per 400)
  --sessions-per-assignment N   sessions of every game assignment (default ${DEFAULT_ARGUMENTS.sessionsPerAssignment}; 0 = none)
  --days N                      how many days back the sessions reach (default ${DEFAULT_ARGUMENTS.days})
  --attempts                    also write each session's challenges and attempts
                                (without it: sessions with their stored totals only)
  --seed N                      seed of the generator: the same seed makes the same rows
                                (default ${DEFAULT_ARGUMENTS.seed})
  --help, -h                    print this text

Examples:
  npm run seed:large -- --patients 100000
  npm run seed:large -- --patients 10000 --attempts --seed 7
`;

/**
 * Reads the command line (`--flag N` or `--flag=N`). Pure: the caller prints and exits, so a
 * test can check every answer. Unknown flags, repeated flags and numbers out of range are errors
 * rather than silently ignored: a mistyped `--patient 5` must not quietly seed 100,000.
 */
export const parseLargeArguments = (argv: readonly string[]): ParsedArguments => {
  const options: { -readonly [K in keyof LargeSeedArguments]: LargeSeedArguments[K] } = { ...DEFAULT_ARGUMENTS };
  const seen = new Set<string>();
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? "";
    if (arg === "--help" || arg === "-h") return { kind: "help", text: USAGE };
    const [name = "", inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (seen.has(name)) return { kind: "error", message: `${name} is given twice` };
    seen.add(name);
    if (name === "--attempts") {
      if (inline !== undefined) return { kind: "error", message: "--attempts takes no value" };
      options.attempts = true;
      continue;
    }
    const flag = NUMBER_FLAGS[name];
    if (flag === undefined) return { kind: "error", message: `unknown option "${arg}" (see --help)` };
    const text = inline ?? argv[index + 1];
    if (inline === undefined) index += 1;
    if (text === undefined || text === "") return { kind: "error", message: `${name} needs a number` };
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < flag.min || value > flag.max) {
      return { kind: "error", message: `${name} takes a whole number from ${flag.min.toLocaleString("en")} to ${flag.max.toLocaleString("en")} (got "${text}")` };
    }
    options[flag.key] = value;
  }
  return { kind: "run", options };
};
