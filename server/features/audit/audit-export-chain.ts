import { sql } from "drizzle-orm";
import { type AuditExportRow, auditExportLines } from "../../../domain/audit/audit-csv.ts";
import type { AuditDirection, AuditSort } from "../../../domain/audit/audit-vocabulary.ts";
import { GENESIS_HASH } from "../../audit/audit-canonical.ts";
import type { Database } from "../../db/database.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { beyondCursor, cursorOf, orderOf, sortValueOf } from "./audit-cursor.ts";
import { type AuditFilters, type AuditVisibility, auditEventRowOf, int, LIST_COLUMNS, text, whereOf } from "./audit-queries.ts";

/**
 * The CSV export's rows (docs/audit-viewer.md "Export", docs/audit.md "Verifying an export"): the
 * list's rows in its order, keyset-paged, each with its chain facts (the columns of the canonical
 * content the list does not carry, its link and the previous link's hash) read in the same
 * statement. Measured at 1,000,000 rows: a page of 2,000 and a second statement for its chain
 * facts (2,000 ids in a list) took 88.6 s; one statement per batch of 10,000, the next asked for
 * while this one is written, takes a fraction (docs/audit-viewer.md "Measured").
 */

/** How many rows one statement of the export reads: large enough to stream fast, small enough to hold twice. */
export const EXPORT_BATCH = 10_000;

const US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

const exportRowOf = (row: Record<string, unknown>): AuditExportRow => {
  const time = String(row["time"]);
  return {
    ...auditEventRowOf(row),
    // The list's time to the millisecond; the line carries the microseconds (`time`).
    occurred_at: `${time.slice(0, 23)}Z`,
    time,
    role: text(row["role"]),
    user_agent: text(row["user_agent"]),
    changes: text(row["changes"]),
    recorded_patient_id: int(row["recorded_patient_id"]),
    chain: int(row["chain"]),
    position: int(row["position"]),
    previous_hash: text(row["previous_hash"]),
    hash: text(row["hash"]),
  };
};

/**
 * One batch strictly after the cursor, one row more than the batch to know whether another follows.
 * The time order's sort value is the line's `time` (the same text), not written twice.
 */
const exportBatch = async (db: Database, visibility: AuditVisibility, filters: AuditFilters, sort: AuditSort, direction: AuditDirection, after: string | undefined, size: number) => {
  const beyond = beyondCursor(sort, direction, after);
  if (beyond === null) return [];
  return rowsOf(
    await db.execute(sql`
      select e.id, to_char(e.occurred_at at time zone 'UTC', ${sql.raw(US)}) as time, ${LIST_COLUMNS}${sort === "time" ? sql`` : sql`, ${sortValueOf(sort)} as sort_value`},
        e.role, e.user_agent, e.changes::text as changes, e.patient_id as recorded_patient_id, c.chain, c.position, c.hash,
        case when c.position = 1 then ${GENESIS_HASH} else p.hash end as previous_hash
      from audit_events e
      left join users u on u.id = e.user_id
      left join audit_chain c on c.event_id = e.id
      left join audit_chain p on p.chain = c.chain and p.position = c.position - 1
      where ${whereOf(visibility, filters, [beyond.condition])}
      order by ${orderOf(sort, direction)}
      limit ${size + 1}`),
  );
};

/**
 * Every visible row matching the filters as CSV lines, a batch of lines at a time; the next batch
 * is read while this one is written out, and no further (the stream asks for the one after only
 * when the client has taken this one), so memory holds two batches whatever the period's size.
 */
export async function* auditExportParts(
  db: Database,
  visibility: AuditVisibility,
  filters: AuditFilters,
  sort: AuditSort,
  direction: AuditDirection,
  size = EXPORT_BATCH,
): AsyncGenerator<string> {
  let pending = exportBatch(db, visibility, filters, sort, direction, undefined, size);
  for (;;) {
    const rows = await pending;
    const more = rows.length > size;
    const batch = more ? rows.slice(0, size) : rows;
    const last = batch.at(-1);
    if (more && last !== undefined) {
      pending = exportBatch(db, visibility, filters, sort, direction, cursorOf(String(last[sort === "time" ? "time" : "sort_value"]), Number(last["id"])), size);
      // A client gone before it is awaited leaves it unawaited: no unhandled rejection then.
      pending.catch(() => undefined);
    }
    if (batch.length > 0) yield auditExportLines(batch.map(exportRowOf));
    if (!more) return;
  }
}
