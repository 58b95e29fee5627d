import { sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { rowsOf } from "../db/rows-of.ts";
import type { ChainLink } from "./audit-chain-walk.ts";

/**
 * How the verifier reads the chains (docs/audit.md, "Verifying"): the links of a window of event
 * ids with their events' canonical content, one statement over both tables' index ranges.
 *
 * The content is what `canonicalContent` writes, built more cheaply: `json_build_array` looks up
 * how to write each of its 15 arguments on every row, which made it most of the verifier's wall
 * clock at a million rows. A row whose texts hold nothing JSON escapes (no quote, backslash or
 * control character: nearly every row) is the same text by plain concatenation, about a third of
 * the cost; any other row still goes through `json_build_array`. Measured on PostgreSQL 15 at
 * 1,000,000 rows: the verifier's own processor time 3.8 s instead of 8 to 10 s when node rebuilt the
 * text from the raw columns (18 strings a row to decode). `audit-chain-read.int.test.ts` compares
 * both forms over awkward rows on both databases.
 */

const TIME = `to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const quoted = (column: string): string => `coalesce('"' || e.${column} || '"', 'null')`;
const number = (column: string): string => `coalesce(e.${column}::text, 'null')`;
const TEXTS = ["role", "ip", "user_agent", "action", "resource", "resource_id", "outcome", "reason", "request_id"]
  .map((column) => `coalesce(e.${column}, '')`)
  .join(" || ");

const CONTENT = sql.raw(`case
  when e.id is null then null
  when (${TEXTS}) ~ '[\\x01-\\x1f"\\\\]' then json_build_array(e.id, ${TIME}, e.user_id, e.role, e.institution_id, e.patient_id, e.ip, e.user_agent,
    e.action, e.resource, e.resource_id, e.outcome, e.reason, e.request_id, e.changes)::text
  else '[' || e.id || ', "' || ${TIME} || '", ' || ${number("user_id")} || ', ' || ${quoted("role")} || ', ' || ${number("institution_id")} || ', '
    || ${number("patient_id")} || ', ' || ${quoted("ip")} || ', ' || ${quoted("user_agent")} || ', ' || ${quoted("action")} || ', '
    || ${quoted("resource")} || ', ' || ${quoted("resource_id")} || ', ' || ${quoted("outcome")} || ', ' || ${quoted("reason")} || ', '
    || ${quoted("request_id")} || ', ' || ${number("changes")} || ']'
  end`);

/** The oldest and newest sealed event ids (0 and 0 when nothing is sealed): where the walk's windows start and end. */
export const sealedEventRange = async (db: Database): Promise<{ readonly oldest: number; readonly newest: number }> => {
  const [row] = rowsOf(await db.execute(sql`select coalesce(min(event_id), 0) as oldest, coalesce(max(event_id), 0) as newest from audit_chain`));
  return { oldest: Number(row?.oldest ?? 0), newest: Number(row?.newest ?? 0) };
};

/**
 * The links whose event ids lie in [from, to], in event order, each with its event's canonical
 * content (undefined: the event is gone). Windows by value, not after a previous page's last row,
 * so the next can be asked for while this one is hashed.
 */
export const chainLinksBetween = async (db: Database, from: number, to: number): Promise<ChainLink[]> => {
  const rows = rowsOf(
    await db.execute(sql`select c.chain, c.position, c.event_id, c.hash, ${CONTENT} as content
      from audit_chain c left join audit_events e on e.id = c.event_id and e.id between ${from}::bigint and ${to}::bigint
      where c.event_id between ${from}::bigint and ${to}::bigint
      order by c.event_id`),
  );
  const links: ChainLink[] = new Array(rows.length);
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index] as Record<string, unknown>;
    links[index] = {
      chain: Number(row.chain),
      position: Number(row.position),
      eventId: Number(row.event_id),
      hash: row.hash as string,
      content: row.content === null ? undefined : (row.content as string),
    };
  }
  return links;
};
