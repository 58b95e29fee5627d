import type { Administrator } from "../../../domain/administrators/administrators-wire.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { formatDate } from "../../../domain/shared/format/date.ts";
import { badgeTone, shownStatus } from "../../../domain/shared/statuses/administrator-status.ts";
import { DataTable, type DataColumn } from "../../kit/data-table.tsx";
import { EmailText, PersonCell } from "../../kit/person-cell.tsx";
import { StatusBadge } from "../../kit/status-badge.tsx";
import { invitationNote, statusLabel } from "./administrator-labels.ts";
import * as styles from "./administrators.css.ts";

/** A status badge in the spec's tones; a pending row says where the invitation stands. */
export function AdministratorStatus({ administrator }: { readonly administrator: Pick<Administrator, "status" | "invitation"> }) {
  const note = invitationNote(administrator);
  return (
    <span className={styles.status}>
      <StatusBadge status={shownStatus(administrator.status)} label={statusLabel(administrator)} tone={badgeTone(administrator.status)} />
      {note === null ? null : <span className={styles.muted}>{note}</span>}
    </span>
  );
}

const COLUMNS: readonly DataColumn<Administrator>[] = [
  {
    key: "name",
    header: "Administrator",
    isRowHeader: true,
    cell: (row) => <PersonCell firstName={row.first_name} lastName={row.last_name} href={hrefFor("admin-detail", { adminId: row.id })} />,
  },
  { key: "email", header: "Email", cell: (row) => <EmailText email={row.email} /> },
  { key: "role", header: "Role", cell: (row) => row.role.title },
  { key: "status", header: "Status", cell: (row) => <AdministratorStatus administrator={row} /> },
  { key: "created", header: "Added", cell: (row) => formatDate(row.created_at) },
];

export type AdministratorsTableProps = {
  readonly rows: readonly Administrator[];
  readonly busy: boolean;
  readonly empty: string;
  readonly caption?: string;
};

// The only interactive part of a row is the person's name, so Tab moves from name to name.
export function AdministratorsTable({ rows, busy, empty, caption = "Administrators" }: AdministratorsTableProps) {
  return <DataTable caption={caption} columns={COLUMNS} rows={rows} rowKey={(row) => row.id} busy={busy} empty={empty} />;
}
