/**
 * Splits rows for multi-row INSERTs: PostgreSQL accepts at most 65,535 bind parameters per
 * statement, and a few thousand rows per statement is where batching stops paying off.
 */
export const chunksOf = <T>(rows: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
};

/** Rows per statement: under the parameter limit, and about 1,000 rows, where PGlite measured fastest. */
export const rowsPerStatement = (columns: number): number => Math.min(1000, Math.max(1, Math.floor(60_000 / columns)));
