import { sql } from "drizzle-orm";
import { type AnyPgColumn, check } from "drizzle-orm/pg-core";

const literal = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/**
 * A CHECK that the column holds one of the domain's values. The list comes from domain/ so the
 * database refuses exactly what the domain does not know; a change there is a new migration.
 */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map(literal).join(", "))})`);

/** The same rule for array columns: every element must be one of the values. */
export const allOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} <@ array[${sql.raw(values.map(literal).join(", "))}]::text[]`);
