import { INVITATION_STATE_LABEL } from "../../../domain/invitations/index.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { formatDate } from "../../../domain/shared/format/date.ts";
import { truncateEmail } from "../../../domain/shared/format/email.ts";
import { badgeTone } from "../../../domain/shared/statuses/staff-status.ts";
import type { StaffListItem } from "../../../domain/slps/index.ts";
import { DataTable, type DataColumn } from "../../kit/data-table.tsx";
import { PersonCell } from "../../kit/person-cell.tsx";
import { StatusBadge } from "../../kit/status-badge.tsx";
import { STAFF_STATUS_LABEL } from "./slp-labels.ts";
import * as styles from "./slps.css.ts";
import { visuallyHidden } from "../../kit/visually-hidden.css.ts";

// The address cut to the spec's 20 characters for the eye; a screen reader hears it whole, and the
// SLP's record shows it whole to everyone.
function ShortEmail({ email }: { readonly email: string }) {
  const shown = truncateEmail(email);
  if (shown === email) return <span>{email}</span>;
  return (
    <span title={email}>
      <span aria-hidden="true">{shown}</span>
      <span className={visuallyHidden}>{email}</span>
    </span>
  );
}

const COLUMNS: readonly DataColumn<StaffListItem>[] = [
  {
    key: "name",
    header: "SLP",
    isRowHeader: true,
    cell: (row) => <PersonCell firstName={row.first_name} lastName={row.last_name} href={hrefFor("staff-detail", { id: row.id })} />,
  },
  { key: "email", header: "Email", cell: (row) => <ShortEmail email={row.email} /> },
  {
    key: "status",
    header: "Status",
    cell: (row) => (
      <span className={styles.statusCell}>
        <StatusBadge status={row.status} label={STAFF_STATUS_LABEL[row.status]} tone={badgeTone(row.status)} />
        {row.status === "pending" && row.invitation !== null ? <span className={styles.note}>{INVITATION_STATE_LABEL[row.invitation.state]}</span> : null}
      </span>
    ),
  },
  { key: "created", header: "Added", cell: (row) => formatDate(row.created_at) },
];

// The only interactive part of a row is the SLP's name, so Tab moves from name to name.
export function StaffTable({ rows, busy, empty }: { readonly rows: readonly StaffListItem[]; readonly busy: boolean; readonly empty: string }) {
  return <DataTable caption="SLPs" columns={COLUMNS} rows={rows} rowKey={(row) => row.id} busy={busy} empty={empty} />;
}
