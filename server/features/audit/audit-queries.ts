import { type SQL, sql } from "drizzle-orm";
import { INSTITUTION_LEVEL_KINDS, PATIENT_KIND } from "../../../domain/audit/audit-visibility.ts";
import type { AuditEventRow, PatientAccessLine, PersonActivityLine } from "../../../domain/audit/audit-wire.ts";
import type { AuditDirection, AuditOutcomeName, AuditSort } from "../../../domain/audit/audit-vocabulary.ts";
import type { Database } from "../../db/database.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { beyondCursor, cursorOf, orderOf, sortValueOf } from "./audit-cursor.ts";

/**
 * The audit log as the viewer reads it (issue 38, docs/audit-viewer.md). Every statement starts
 * from the caller's visibility, so no filter, sort or cursor can widen it. Conditions are kept
 * one per filter (below) so the columns the trail is about to gain (the patient of every row, the
 * role, the user agent) each change one line here.
 */

/** Whose rows: one institution's, or (the super administrator) the institution-level rows of all. */
export type AuditVisibility = { readonly kind: "institution"; readonly institutionId: number } | { readonly kind: "platform" };

/** The viewer's filters, decoded. Days are inclusive, in UTC. */
export type AuditFilters = {
  readonly user?: number;
  readonly patient?: number;
  readonly action?: string;
  readonly kind?: string;
  readonly outcome?: AuditOutcomeName;
  readonly ip?: string;
  readonly from?: string;
  readonly to?: string;
};

/** The rows the caller sees: their institution's, or the institution-level rows of all. */
export const visibleTo = (visibility: AuditVisibility): SQL =>
  visibility.kind === "institution"
    ? sql`e.institution_id = ${visibility.institutionId}`
    : sql`e.resource in (${sql.join(
        INSTITUTION_LEVEL_KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      )})`;

/**
 * The rows about one patient: each row that names the patient in patient_id (since migration 0033
 * the trail fills it for the patient's record and for what hangs off it: sessions, attempts, notes,
 * goals, ratings), and the patient's own rows written before that column existed. Without the
 * first part, "who accessed this patient" missed everyone who only opened the patient's sessions.
 */
export const aboutPatient = (patientId: number): SQL =>
  sql`(e.patient_id = ${patientId} or (e.patient_id is null and e.resource = ${PATIENT_KIND} and e.resource_id = ${String(patientId)}))`;

const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const iso = (column: SQL): SQL => sql`to_char(${column} at time zone 'UTC', ${sql.raw(ISO_MS)})`;

const conditionsOf = (filters: AuditFilters): SQL[] => [
  ...(filters.user === undefined ? [] : [sql`e.user_id = ${filters.user}`]),
  ...(filters.patient === undefined ? [] : [aboutPatient(filters.patient)]),
  ...(filters.action === undefined ? [] : [sql`e.action = ${filters.action}`]),
  ...(filters.kind === undefined ? [] : [sql`e.resource = ${filters.kind}`]),
  ...(filters.outcome === undefined ? [] : [sql`e.outcome = ${filters.outcome}`]),
  ...(filters.ip === undefined ? [] : [sql`e.ip = ${filters.ip}`]),
  ...(filters.from === undefined ? [] : [sql`e.occurred_at >= (${filters.from}::date)::timestamp at time zone 'UTC'`]),
  ...(filters.to === undefined ? [] : [sql`e.occurred_at < (${filters.to}::date + 1)::timestamp at time zone 'UTC'`]),
];

/** The caller's visible rows, the filters, and any more conditions (a cursor's), joined. */
export const whereOf = (visibility: AuditVisibility, filters: AuditFilters, more: readonly SQL[] = []): SQL =>
  sql.join([visibleTo(visibility), ...conditionsOf(filters), ...more], sql` and `);

/** A column read as text or a number, null kept. */
export const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
export const int = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const nameOf = (value: unknown): string | null => {
  const name = text(value)?.trim() ?? "";
  return name === "" ? null : name;
};

/**
 * A list row's columns after its id and time, the joined user's name and the patient a patient
 * record's row is about (when the row names none itself): the list and the CSV export select them alike.
 */
export const LIST_COLUMNS = sql`e.user_id, u.first_name || ' ' || u.last_name as user_name, e.institution_id,
        e.action, e.resource as kind, e.resource_id as record_id,
        coalesce(e.patient_id, case when e.resource = ${PATIENT_KIND} and e.resource_id ~ '^[1-9][0-9]{0,8}$' then e.resource_id::int end) as patient_id,
        e.outcome, e.reason, e.ip, e.request_id`;

/** A row of LIST_COLUMNS (with its id and `occurred_at`) as the list answers it. */
export const auditEventRowOf = (row: Record<string, unknown>): AuditEventRow => ({
  id: Number(row["id"]),
  occurred_at: String(row["occurred_at"]),
  user_id: int(row["user_id"]),
  user_name: nameOf(row["user_name"]),
  institution_id: int(row["institution_id"]),
  action: String(row["action"]),
  kind: String(row["kind"]),
  record_id: text(row["record_id"]),
  patient_id: int(row["patient_id"]),
  outcome: String(row["outcome"]) as AuditOutcomeName,
  reason: text(row["reason"]),
  ip: text(row["ip"]),
  request_id: text(row["request_id"]),
});

/** One page of the log: its rows and the cursor of the next, or null on the last. */
export type AuditPage = { readonly results: readonly AuditEventRow[]; readonly next: string | null };

export type PageAsk = { readonly sort: AuditSort; readonly direction: AuditDirection; readonly after: string | undefined; readonly size: number };

/**
 * A page of the visible rows matching the filters, in the asked order, strictly after the cursor;
 * null when the cursor cannot belong to this order (the caller answers 400). One row more than the
 * page is read to know whether another page follows.
 */
export const auditPage = async (db: Database, visibility: AuditVisibility, filters: AuditFilters, ask: PageAsk): Promise<AuditPage | null> => {
  const beyond = beyondCursor(ask.sort, ask.direction, ask.after);
  if (beyond === null) return null;
  const rows = rowsOf(
    await db.execute(sql`
      select e.id, ${iso(sql`e.occurred_at`)} as occurred_at, ${LIST_COLUMNS}, ${sortValueOf(ask.sort)} as sort_value
      from audit_events e
      left join users u on u.id = e.user_id
      where ${whereOf(visibility, filters, [beyond.condition])}
      order by ${orderOf(ask.sort, ask.direction)}
      limit ${ask.size + 1}`),
  );
  const page = rows.slice(0, ask.size);
  const last = page.at(-1);
  return {
    results: page.map(auditEventRowOf),
    next: rows.length > ask.size && last !== undefined ? cursorOf(String(last["sort_value"]), Number(last["id"])) : null,
  };
};

/** The most lines a report shows: the people who touched one record, or one person's kinds of act. */
const REPORT_LINES = 500;

const countsOf = (row: Record<string, unknown>) => ({
  events: Number(row["events"]),
  denied: Number(row["denied"]),
  first_at: String(row["first_at"]),
  last_at: String(row["last_at"]),
});

const COUNTS = sql`count(*)::int as events, (count(*) filter (where e.outcome = 'denied'))::int as denied,
  ${iso(sql`min(e.occurred_at)`)} as first_at, ${iso(sql`max(e.occurred_at)`)} as last_at`;

/** Who touched one patient's record in the period: one line per person, the most recent first. */
export const patientAccess = async (db: Database, visibility: AuditVisibility, patientId: number, from: string, to: string): Promise<PatientAccessLine[]> => {
  const rows = rowsOf(
    await db.execute(sql`
      select e.user_id, max(u.first_name || ' ' || u.last_name) as user_name, array_agg(distinct e.action) as actions, ${COUNTS}
      from audit_events e
      left join users u on u.id = e.user_id
      where ${whereOf(visibility, { patient: patientId, from, to })}
      group by e.user_id
      order by max(e.occurred_at) desc, e.user_id
      limit ${REPORT_LINES}`),
  );
  return rows.map((row) => ({
    user_id: int(row["user_id"]),
    user_name: nameOf(row["user_name"]),
    actions: (Array.isArray(row["actions"]) ? row["actions"] : []).map(String).sort(),
    ...countsOf(row),
  }));
};

/** What one person did in the period: one line per action and record kind, the most recent first. */
export const personActivity = async (db: Database, visibility: AuditVisibility, userId: number, from: string, to: string): Promise<PersonActivityLine[]> => {
  const rows = rowsOf(
    await db.execute(sql`
      select e.action, e.resource as kind, ${COUNTS}
      from audit_events e
      where ${whereOf(visibility, { user: userId, from, to })}
      group by e.action, e.resource
      order by max(e.occurred_at) desc, e.action, e.resource
      limit ${REPORT_LINES}`),
  );
  return rows.map((row) => ({ action: String(row["action"]), kind: String(row["kind"]), ...countsOf(row) }));
};

/**
 * The person's name as their user record has it, or null: only a person of the caller's
 * institution is named to an institution's administrator (another's is nobody to them); the super
 * administrator is told the name only of someone the visible rows hold.
 */
export const personName = async (db: Database, visibility: AuditVisibility, userId: number, seen: boolean): Promise<string | null> => {
  if (visibility.kind === "platform" && !seen) return null;
  const mine = visibility.kind === "institution" ? sql`and institution_id = ${visibility.institutionId}` : sql``;
  const [row] = rowsOf(await db.execute(sql`select first_name || ' ' || last_name as name from users where id = ${userId} ${mine}`));
  return nameOf(row?.["name"]);
};
