import { hrefFor } from "../../../domain/routes.ts";
import { formatDate } from "../../../domain/shared/format/date.ts";
import { REVIEW_STATUS } from "../../../domain/shared/statuses/review-status.ts";
import type { PatientDashboardRow } from "../../../domain/patients/index.ts";
import { DataTable, type DataColumn } from "../../kit/data-table.tsx";
import { EmailText, PersonCell } from "../../kit/person-cell.tsx";
import { StatusBadge } from "../../kit/status-badge.tsx";
import * as styles from "./dashboard.css.ts";

export type DashboardPatientsTableProps = {
  readonly rows: readonly PatientDashboardRow[];
  readonly busy: boolean;
};

const REVIEW_TEXT = {
  [REVIEW_STATUS.pending]: "Pending review",
  [REVIEW_STATUS.reviewed]: "Reviewed",
} as const;

const COLUMNS: readonly DataColumn<PatientDashboardRow>[] = [
  {
    key: "patient",
    header: "Patient",
    isRowHeader: true,
    cell: (row) => <PersonCell firstName={row.first_name} lastName={row.last_name} href={hrefFor("patient-detail", { id: row.id })} />,
  },
  { key: "email", header: "Email", cell: (row) => <EmailText email={row.email} /> },
  {
    key: "last-update",
    header: "Last update",
    cell: (row) => (row.last_updated === null ? <span className={styles.muted}>No activity yet</span> : formatDate(row.last_updated)),
  },
  { key: "games", header: "Games to review", numeric: true, cell: (row) => row.games_to_review },
  {
    key: "status",
    header: "Status",
    cell: (row) => (
      <StatusBadge status={row.reviewed_status} label={REVIEW_TEXT[row.reviewed_status]} tone={row.reviewed_status === REVIEW_STATUS.pending ? "info" : "neutral"} />
    ),
  },
];

// The only interactive part of a row is the patient's name, so Tab moves from name to name.
export function DashboardPatientsTable({ rows, busy }: DashboardPatientsTableProps) {
  return <DataTable caption="Your patients" columns={COLUMNS} rows={rows} rowKey={(row) => row.id} busy={busy} />;
}
