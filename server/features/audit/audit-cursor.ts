import { type SQL, sql } from "drizzle-orm";
import type { AuditDirection, AuditSort } from "../../../domain/audit/audit-vocabulary.ts";

/**
 * Keyset paging of the audit log (issue 38, docs/audit-viewer.md "Paging"): a page ends with the
 * last row's sort value and id (`value~id`), and the next page starts strictly beyond that pair in
 * the list's order, so a page costs the same at row 10 and at row 5,000,000 and rows written in
 * the meantime never shift a page. Nullable columns sort as their coalesced value (nobody: 0; no
 * IP: ''), so the pair always compares.
 */

type SortColumn = {
  /** The expression the list orders by. */
  readonly order: SQL;
  /** The same value as text, as the cursor carries it. */
  readonly text: SQL;
  /** The cursor's value typed back for the comparison; null when the text cannot be one. */
  readonly typed: (value: string) => SQL | null;
};

const asText = (value: string): SQL => sql`${value}::text`;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** Microseconds kept: two rows in one millisecond still page apart. */
const SORT_COLUMNS: Readonly<Record<AuditSort, SortColumn>> = {
  time: {
    order: sql`e.occurred_at`,
    text: sql`to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    typed: (value) => (TIME.test(value) && !Number.isNaN(Date.parse(value)) ? sql`${value}::timestamptz` : null),
  },
  person: {
    order: sql`coalesce(e.user_id, 0)`,
    text: sql`coalesce(e.user_id, 0)::text`,
    typed: (value) => (/^[0-9]{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? sql`${Number(value)}::int` : null),
  },
  action: { order: sql`e.action`, text: sql`e.action`, typed: asText },
  kind: { order: sql`e.resource`, text: sql`e.resource`, typed: asText },
  outcome: { order: sql`e.outcome`, text: sql`e.outcome`, typed: asText },
  ip: { order: sql`coalesce(e.ip, '')`, text: sql`coalesce(e.ip, '')`, typed: asText },
};

/** The sort value of each row as the cursor will carry it. */
export const sortValueOf = (sort: AuditSort): SQL => SORT_COLUMNS[sort].text;

/** ORDER BY of the list: the sort column, then the id, both in the asked direction. */
export const orderOf = (sort: AuditSort, direction: AuditDirection): SQL =>
  direction === "asc" ? sql`${SORT_COLUMNS[sort].order} asc, e.id asc` : sql`${SORT_COLUMNS[sort].order} desc, e.id desc`;

/** A page's start, decoded: where it resumes, or null for a cursor that cannot belong to this sort. */
export type Beyond = { readonly condition: SQL } | null;

/** The WHERE part that resumes strictly after the cursor; undefined cursor: the first page (true). */
export const beyondCursor = (sort: AuditSort, direction: AuditDirection, cursor: string | undefined): Beyond => {
  if (cursor === undefined) return { condition: sql`true` };
  const split = cursor.lastIndexOf("~");
  const value = cursor.slice(0, split);
  const id = Number(cursor.slice(split + 1));
  const typed = SORT_COLUMNS[sort].typed(value);
  if (typed === null || !Number.isSafeInteger(id)) return null;
  const column = SORT_COLUMNS[sort].order;
  return { condition: direction === "asc" ? sql`(${column}, e.id) > (${typed}, ${id}::bigint)` : sql`(${column}, e.id) < (${typed}, ${id}::bigint)` };
};

/** The cursor of a page's last row. */
export const cursorOf = (sortValue: string, id: number): string => `${sortValue}~${id}`;
