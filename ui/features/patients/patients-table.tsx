import { hrefFor } from "../../../domain/routes.ts";
import type { PatientListItem, PatientOrdering } from "../../../domain/patients/index.ts";
import { orderingOfSort, sortOfOrdering } from "../../../domain/patients/patient-list-sort.ts";
import { formatDate } from "../../../domain/shared/format/date.ts";
import { reviewBadgeTone } from "../../../domain/shared/statuses/review-status.ts";
import { DataTable, type DataColumn } from "../../kit/data-table.tsx";
import { EmailText, PersonCell } from "../../kit/person-cell.tsx";
import { StatusBadge } from "../../kit/status-badge.tsx";
import { REVIEW_LABEL, STATUS_LABEL } from "./patient-labels.ts";
import * as styles from "./patients.css.ts";

const COLUMNS: readonly DataColumn<PatientListItem>[] = [
  {
    key: "name",
    header: "Patient",
    isRowHeader: true,
    sortable: true,
    cell: (row) => <PersonCell firstName={row.first_name} lastName={row.last_name} href={hrefFor("patient-detail", { id: row.id })} />,
  },
  { key: "email", header: "Email", cell: (row) => <EmailText email={row.email} /> },
  { key: "status", header: "Status", cell: (row) => <StatusBadge status={row.status} label={STATUS_LABEL[row.status]} /> },
  {
    key: "review",
    header: "Review",
    cell: (row) => <StatusBadge status={row.reviewed_status} label={REVIEW_LABEL[row.reviewed_status]} tone={reviewBadgeTone(row.reviewed_status)} />,
  },
  {
    key: "slp",
    header: "Assigned SLP",
    cell: (row) => (row.staff === null ? <span className={styles.muted}>Not assigned</span> : `${row.staff.first_name} ${row.staff.last_name}`),
  },
  { key: "created", header: "Added", sortable: true, cell: (row) => formatDate(row.created_at) },
];

export type PatientsTableProps = {
  readonly rows: readonly PatientListItem[];
  readonly ordering: PatientOrdering;
  readonly onOrderingChange: (ordering: PatientOrdering) => void;
  readonly busy: boolean;
  readonly empty: string;
};

// The only interactive parts of a row are the patient's name and the sort headers, so Tab moves
// from name to name.
export function PatientsTable({ rows, ordering, onOrderingChange, busy, empty }: PatientsTableProps) {
  return (
    <DataTable
      caption="Patients"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
      sort={sortOfOrdering(ordering)}
      onSortChange={(sort) => onOrderingChange(orderingOfSort(sort))}
      busy={busy}
      empty={empty}
    />
  );
}
