/** The tables the large seed fills, in the order it reports them. */
export const SEEDED_TABLES = ["patients", "assignments", "sessions", "challenges", "attempts"] as const;
export type SeededTable = (typeof SEEDED_TABLES)[number];

/**
 * Rows so far and the time from sending the table's INSERT statements to their answers (triggers
 * and foreign-key checks included). The next statement is planned meanwhile, so an answer may
 * wait for a planning slice to end: the rates are a lower bound on what the database does.
 */
export type TableRate = { readonly rows: number; readonly seconds: number; readonly rowsPerSecond: number };

/** One step of progress: patients written so far (with their sessions, or about to get them), and every table's rate. */
export type SeedProgress = {
  readonly patients: number;
  readonly patientsTotal: number;
  readonly rates: Readonly<Record<SeededTable, TableRate>>;
};

/** Counts rows and the time spent inserting them, per table. */
export const createMeter = () => {
  const totals = new Map<SeededTable, { rows: number; ms: number }>();
  const rateOf = (table: SeededTable): TableRate => {
    const entry = totals.get(table) ?? { rows: 0, ms: 0 };
    return { rows: entry.rows, seconds: entry.ms / 1000, rowsPerSecond: entry.ms === 0 ? 0 : Math.round((entry.rows / entry.ms) * 1000) };
  };
  return {
    /** Runs one insert of `rows` rows into `table` and adds its time to the table's. */
    time: async <T>(table: SeededTable, rows: number, insert: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await insert();
      const entry = totals.get(table) ?? { rows: 0, ms: 0 };
      totals.set(table, { rows: entry.rows + rows, ms: entry.ms + performance.now() - started });
      return result;
    },
    rateOf,
    rates: (): Readonly<Record<SeededTable, TableRate>> =>
      Object.fromEntries(SEEDED_TABLES.map((table) => [table, rateOf(table)])) as Record<SeededTable, TableRate>,
  };
};
export type Meter = ReturnType<typeof createMeter>;
