import type { InstitutionOverview } from "../../../domain/dashboard/dashboard-overview-wire.ts";
import { DataTable, type DataColumn } from "../../kit/data-table.tsx";

const figure = (key: string, header: string, value: (row: InstitutionOverview) => number): DataColumn<InstitutionOverview> => ({
  key,
  header,
  numeric: true,
  cell: value,
});

const COLUMNS: readonly DataColumn<InstitutionOverview>[] = [
  { key: "name", header: "Institution", isRowHeader: true, cell: (row) => row.name },
  figure("active-patients", "Active patients", (row) => row.patients.active),
  figure("pending-patients", "Pending patients", (row) => row.patients.pending),
  figure("inactive-patients", "Inactive patients", (row) => row.patients.inactive),
  figure("active-slps", "Active SLPs", (row) => row.slps.active),
  figure("sessions", "Sessions played", (row) => row.sessions_played),
  figure("awaiting-review", "Awaiting review", (row) => row.sessions_awaiting_review),
  figure("without-activity", "Without activity", (row) => row.patients_without_activity),
];

// The platform administrator's view: one row per institution, numbers only (they hold no patient data).
export function InstitutionsTable({ rows }: { rows: readonly InstitutionOverview[] }) {
  return <DataTable caption="Institutions" columns={COLUMNS} rows={rows} rowKey={(row) => row.id} />;
}
