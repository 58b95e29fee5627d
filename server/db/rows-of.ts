/** The rows of a raw `db.execute` result: both drivers answer `{ rows }`; anything else holds none. */
export const rowsOf = (result: unknown): Record<string, unknown>[] =>
  typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows) ? (result.rows as Record<string, unknown>[]) : [];
