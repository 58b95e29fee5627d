import { hrefFor } from "../../../domain/routes.ts";
import type { PatientListItem, PatientOrdering } from "../../../domain/patients/index.ts";
import { orderingOfSort, sortOfOrdering } from "../../../domain/patients/patient-list-sort.ts";
import { formatDate } from "../../../domain/shared/format/date.ts";
import type { SortState } from "../../../domain/shared/format/sort-state.ts";
import { reviewBadgeTone } from "../../../domain/shared/statuses/review-status.ts";
import { DataTable, type DataColumn } from "../../kit/data-table.tsx";
import { Link } from "../../kit/link.tsx";
import { EmailText, PersonCell } from "../../kit/person-cell.tsx";
import { StatusBadge } from "../../kit/status-badge.tsx";
import { REVIEW_LABEL, STATUS_LABEL } from "./patient-labels.ts";
import * as styles from "./patients.css.ts";

/** The columns; with `linkStaff` the assigned SLP's name leads to their record. */
const columnsFor = (linkStaff: boolean): readonly DataColumn<PatientListItem>[] => [
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
    cell: (row) =>
      row.staff === null ? (
        <span className={styles.muted}>Not assigned</span>
      ) : linkStaff ? (
        <Link href={hrefFor("staff-detail", { id: row.staff.id })}>
          {row.staff.first_name} {row.staff.last_name}
        </Link>
      ) : (
        `${row.staff.first_name} ${row.staff.last_name}`
      ),
  },
  { key: "created", header: "Added", sortable: true, cell: (row) => formatDate(row.created_at) },
];

export type PatientsTableProps = {
  readonly rows: readonly PatientListItem[];
  /** With a change handler the name and date headers sort the list; without, the order is the caller's. */
  readonly ordering?: PatientOrdering;
  readonly onOrderingChange?: (ordering: PatientOrdering) => void;
  readonly busy: boolean;
  readonly empty: string;
  readonly caption?: string;
  readonly linkStaff?: boolean;
};

const WITH_STAFF_LINKS = columnsFor(true);
const WITHOUT_STAFF_LINKS = columnsFor(false);

// The only interactive parts of a row are the patient's name and the sort headers, so Tab moves
// from name to name.
export function PatientsTable({ rows, ordering, onOrderingChange, busy, empty, caption = "Patients", linkStaff = false }: PatientsTableProps) {
  return (
    <DataTable
      caption={caption}
      columns={linkStaff ? WITH_STAFF_LINKS : WITHOUT_STAFF_LINKS}
      rows={rows}
      rowKey={(row) => row.id}
      {...(ordering === undefined || onOrderingChange === undefined
        ? {}
        : { sort: sortOfOrdering(ordering), onSortChange: (sort: SortState) => onOrderingChange(orderingOfSort(sort)) })}
      busy={busy}
      empty={empty}
    />
  );
}
