import { type AuditView, AUDIT_REPORT, searchOfView } from "../../../domain/audit/audit-view.ts";
import type { AuditEventRow } from "../../../domain/audit/audit-wire.ts";
import type { AuditSort } from "../../../domain/audit/audit-vocabulary.ts";
import { actionLabel, kindLabel, OUTCOME_LABEL } from "../../../domain/audit/audit-words.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import type { SortState } from "../../../domain/shared/format/sort-state.ts";
import { DataTable, type DataColumn } from "../../kit/data-table.tsx";
import { Link } from "../../kit/link.tsx";

/** The address of a report opened from a row: the person's or the patient's, over the view's period. */
export const reportHref = (view: AuditView, report: AuditView["report"], filters: AuditView["filters"]): string =>
  `${hrefFor("audit")}${searchOfView({ ...view, report, filters: { ...filters, ...(view.filters.from === undefined ? {} : { from: view.filters.from }), ...(view.filters.to === undefined ? {} : { to: view.filters.to }) }, pages: [] })}`;

const personText = (row: AuditEventRow): string => row.user_name ?? (row.user_id === null ? "Nobody signed in" : `User ${row.user_id}`);

const columnsFor = (view: AuditView): readonly DataColumn<AuditEventRow>[] => [
  { key: "time", header: "Time", sortable: true, isRowHeader: true, cell: (row) => formatDateTime(row.occurred_at) },
  {
    key: "person",
    header: "Person",
    sortable: true,
    cell: (row) =>
      row.user_id === null ? (
        personText(row)
      ) : (
        <Link href={reportHref(view, AUDIT_REPORT.personActivity, { user: row.user_id })} aria-label={`What ${personText(row)} did`}>
          {personText(row)}
        </Link>
      ),
  },
  { key: "action", header: "Action", sortable: true, cell: (row) => actionLabel(row.action) },
  { key: "kind", header: "Record kind", sortable: true, cell: (row) => kindLabel(row.kind) },
  {
    key: "record",
    header: "Record",
    cell: (row) =>
      row.patient_id === null ? (
        (row.record_id ?? "")
      ) : (
        <Link href={reportHref(view, AUDIT_REPORT.patientAccess, { patient: row.patient_id })} aria-label={`Who accessed patient ${row.patient_id}`}>
          Patient {row.patient_id}
        </Link>
      ),
  },
  { key: "outcome", header: "Outcome", sortable: true, cell: (row) => (row.reason === null ? OUTCOME_LABEL[row.outcome] : `${OUTCOME_LABEL[row.outcome]} (${row.reason})`) },
  { key: "ip", header: "IP address", sortable: true, cell: (row) => row.ip ?? "" },
];

export type AuditTableProps = {
  readonly view: AuditView;
  readonly rows: readonly AuditEventRow[];
  readonly busy: boolean;
  readonly onSort: (sort: AuditSort, direction: "asc" | "desc") => void;
};

// The log's rows, each read with its column header; a person's name opens what they did, a
// patient's number who accessed them. Every header but the record's sorts the list on the server.
export function AuditTable({ view, rows, busy, onSort }: AuditTableProps) {
  const sort: SortState = { column: view.sort, direction: view.direction === "asc" ? "ascending" : "descending" };
  return (
    <DataTable
      caption="Audit log"
      columns={columnsFor(view)}
      rows={rows}
      rowKey={(row) => row.id}
      sort={sort}
      onSortChange={(next) => onSort(next.column as AuditSort, next.direction === "ascending" ? "asc" : "desc")}
      busy={busy}
      empty={Object.keys(view.filters).length > 0 ? "No audit rows match these filters." : "The audit log is empty."}
    />
  );
}
