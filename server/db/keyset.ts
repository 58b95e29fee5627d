import { type SQL, asc, desc, sql } from "drizzle-orm";
import { type CursorKey, type CursorKeyKind, type PageCursor, encodeCursor } from "../../domain/shared/wire/page-cursor.ts";

/**
 * Key (seek) paging for deep pages (issue 36; docs/patients-api.md, "Paging and counting"): a page
 * read from a cursor starts at its key in the order's index instead of walking OFFSET rows past
 * it, so page 9000 costs what page 2 does. Shared by the patients, staff and /rtm lists.
 */

/** One term of a total order: its SQL expression, its direction, and what kind of key it holds (the id last). */
export type KeyTerm = { readonly expression: SQL; readonly descending: boolean; readonly kind: CursorKeyKind };

const keyParameter = (kind: CursorKeyKind, key: CursorKey): SQL => {
  if (kind === "instant") return sql`${key}::timestamptz`;
  if (kind === "text") return sql`${key}::text collate "C"`;
  return sql`${key}::int`;
};

/** The order of the terms, or its reverse (a page read backwards from a cursor). */
export const keysetOrder = (terms: readonly KeyTerm[], reversed: boolean): SQL[] =>
  terms.map((term) => (term.descending !== reversed ? desc(term.expression) : asc(term.expression)));

/**
 * Rows strictly past `keys` in the order (after: further on; before: earlier). One direction for
 * every term is a row comparison, which a btree answers as one index range; mixed directions
 * (first name A-Z, then newest first) spell it out term by term.
 */
export const keysetCondition = (terms: readonly KeyTerm[], keys: readonly CursorKey[], after: boolean): SQL => {
  const values = terms.map((term, index) => keyParameter(term.kind, keys[index] ?? 0));
  const operator = (term: KeyTerm) => sql.raw(term.descending === after ? "<" : ">");
  const first = terms[0];
  if (first !== undefined && terms.every((term) => term.descending === first.descending)) {
    return sql`(${sql.join(terms.map((term) => term.expression), sql`, `)}) ${operator(first)} (${sql.join(values, sql`, `)})`;
  }
  const from = (index: number): SQL => {
    const term = terms[index];
    const value = values[index];
    if (term === undefined || value === undefined) return sql`false`;
    if (index === terms.length - 1) return sql`${term.expression} ${operator(term)} ${value}`;
    return sql`(${term.expression} ${operator(term)} ${value} or (${term.expression} = ${value} and ${from(index + 1)}))`;
  };
  // The first term's bound, implied by the rest but one an index range can start from (the ORs are filters).
  const lead = first === undefined ? sql`true` : sql`${first.expression} ${sql.raw(first.descending === after ? "<=" : ">=")} ${values[0]}`;
  return sql`(${lead} and ${from(0)})`;
};

/** The rows of one page read from a cursor, in the list's order, and whether more lie beyond them that way. */
export type KeysetRead<R> = { readonly rows: readonly R[]; readonly more: boolean };

/**
 * Reads one page from a cursor: `read` gets the condition past the cursor's keys, whether to read
 * in reverse, and how many rows (one more than a page, to learn whether more lie beyond).
 */
export const readFromCursor = async <R>(
  terms: readonly KeyTerm[],
  cursor: PageCursor,
  keys: readonly CursorKey[],
  pageSize: number,
  read: (condition: SQL, reversed: boolean, limit: number) => Promise<readonly R[]>,
): Promise<KeysetRead<R>> => {
  const rows = await read(keysetCondition(terms, keys, cursor.after), !cursor.after, pageSize + 1);
  const page = rows.slice(0, pageSize);
  return { rows: cursor.after ? page : page.reverse(), more: rows.length > pageSize };
};

/** The cursors of a page: after its last row when a next page exists, before its first when a previous one does. */
export const pageCursors = (
  order: string,
  page: number,
  edges: { readonly first: readonly CursorKey[] | undefined; readonly last: readonly CursorKey[] | undefined },
  exists: { readonly next: boolean; readonly previous: boolean },
): { readonly next_cursor: string | null; readonly prev_cursor: string | null } => ({
  next_cursor: exists.next && edges.last !== undefined ? encodeCursor({ page: page + 1, after: true, order, keys: edges.last }) : null,
  prev_cursor:
    exists.previous && page > 1 && edges.first !== undefined ? encodeCursor({ page: page - 1, after: false, order, keys: edges.first }) : null,
});

/** An instant as a cursor key: UTC with microseconds (a JS date would round them away and so break ties). */
export const instantKey = (column: SQL | SQL.Aliased | object): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
