import { type SQL, sql } from "drizzle-orm";
import { AUDIT_ALERT, type AuditAlertCount, type AuditAlertId, FAILED_SIGN_IN_BURST, WORKING_HOURS } from "../../../domain/audit/audit-alerts.ts";
import type { Database } from "../../db/database.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { type AuditVisibility, visibleTo } from "./audit-queries.ts";

/**
 * The saved alerts as queries over the caller's visible rows in a period (docs/audit-viewer.md,
 * "Saved alerts"). One statement each, each counting its rows and the last one's time.
 */

const inPeriod = (from: string, to: string): SQL =>
  sql`e.occurred_at >= (${from}::date)::timestamp at time zone 'UTC' and e.occurred_at < (${to}::date + 1)::timestamp at time zone 'UTC'`;

/** The row's time on its institution's clocks (UTC for rows above institutions). */
const LOCAL = sql`(e.occurred_at at time zone coalesce(i.time_zone, 'UTC'))`;

const MATCHES: Readonly<Record<AuditAlertId, SQL>> = {
  after_hours: sql`e.outcome = 'success' and e.user_id is not null and e.action not like 'auth.%'
    and (extract(isodow from ${LOCAL}) > 5 or extract(hour from ${LOCAL}) < ${WORKING_HOURS.start} or extract(hour from ${LOCAL}) >= ${WORKING_HOURS.end})`,
  bulk_exports: sql`e.action = 'export'`,
  failed_sign_ins: sql`e.burst >= ${FAILED_SIGN_IN_BURST.count}`,
  privilege_changes: sql`(e.resource in ('administrator', 'staff') and e.action in ('create', 'activate', 'inactivate', 'delete') and e.outcome = 'success')
    or (e.action = 'auth.mfa_removed' and e.outcome = 'success')`,
  // An SLP reaches only their caseload (server/http/patient-scope.ts); a row of theirs about another
  // patient means a rule let it through. Read against today's assignment: the trail keeps no history of it.
  outside_caseload: sql`e.role = 'staff' and e.outcome = 'success' and e.patient_id is not null
    and not exists (select 1 from patients p join staff s on s.id = p.assigned_staff_id where p.id = e.patient_id and s.user_id = e.user_id)`,
};

/** Failed passwords with, on each, how many of the same account (or address) fell in the ten minutes up to it. */
const BURSTS = sql`select e.*, count(*) over (
    partition by coalesce(e.user_id::text, e.ip) order by e.occurred_at
    range between ${sql.raw(`interval '${FAILED_SIGN_IN_BURST.minutes} minutes'`)} preceding and current row) as burst
  from audit_events e`;

const countOf = async (db: Database, visibility: AuditVisibility, id: AuditAlertId, from: string, to: string): Promise<AuditAlertCount> => {
  const source = id === AUDIT_ALERT.failedSignIns ? sql`(${BURSTS} where e.action = 'auth.password' and e.outcome = 'failure' and ${visibleTo(visibility)} and ${inPeriod(from, to)}) as e` : sql`audit_events e`;
  const [row] = rowsOf(
    await db.execute(sql`
      select count(*)::int as rows, to_char(max(e.occurred_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_at
      from ${source}
      left join institutions i on i.id = e.institution_id
      where ${visibleTo(visibility)} and ${inPeriod(from, to)} and (${MATCHES[id]})`),
  );
  return { id, rows: Number(row?.["rows"] ?? 0), last_at: row?.["last_at"] === null || row?.["last_at"] === undefined ? null : String(row["last_at"]) };
};

/** Every saved alert's count in the period, in the page's order. */
export const alertCounts = async (db: Database, visibility: AuditVisibility, from: string, to: string): Promise<AuditAlertCount[]> => {
  const counts: AuditAlertCount[] = [];
  for (const id of Object.values(AUDIT_ALERT)) counts.push(await countOf(db, visibility, id, from, to));
  return counts;
};
