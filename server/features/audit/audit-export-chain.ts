import { sql } from "drizzle-orm";
import type { AuditChainFacts, AuditExportRow } from "../../../domain/audit/audit-csv.ts";
import type { AuditEventRow } from "../../../domain/audit/audit-wire.ts";
import { GENESIS_HASH } from "../../audit/audit-canonical.ts";
import type { Database } from "../../db/database.ts";
import { rowsOf } from "../../db/rows-of.ts";

/**
 * The chain facts of an export's batch (docs/audit.md, "Verifying an export"): for each row, the
 * columns of its canonical content the list does not carry, read as the sealer reads them (the
 * time as `canonicalContent` formats it, changes as jsonb prints them), and its link with the
 * previous link's hash (32 zero bytes before position 1). One statement per batch, by id.
 */
export const withChainFacts = async (db: Database, rows: readonly AuditEventRow[]): Promise<AuditExportRow[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const facts = rowsOf(
    await db.execute(sql`
      select e.id, to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as time, e.role, e.user_agent,
        e.changes::text as changes, e.patient_id, c.chain, c.position, c.hash,
        case when c.position = 1 then ${GENESIS_HASH} else p.hash end as previous_hash
      from audit_events e
      left join audit_chain c on c.event_id = e.id
      left join audit_chain p on p.chain = c.chain and p.position = c.position - 1
      where e.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
  const int = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
  const byId = new Map<number, AuditChainFacts>(
    facts.map((row) => [
      Number(row["id"]),
      {
        time: String(row["time"]),
        role: text(row["role"]),
        user_agent: text(row["user_agent"]),
        changes: text(row["changes"]),
        recorded_patient_id: int(row["patient_id"]),
        chain: int(row["chain"]),
        position: int(row["position"]),
        previous_hash: text(row["previous_hash"]),
        hash: text(row["hash"]),
      },
    ]),
  );
  return rows.map((row) => {
    const found = byId.get(row.id);
    if (found === undefined) throw new Error(`audit event ${row.id} vanished during its export`);
    return { ...row, ...found };
  });
};
