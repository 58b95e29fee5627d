import { formatDate } from "../../../domain/shared/format/date.ts";
import { REVIEW_STATUS } from "../../../domain/shared/statuses/review-status.ts";
import type { PatientDashboardRow } from "../../../domain/patients/index.ts";
import { Link } from "../../kit/link.tsx";
import * as styles from "./dashboard.css.ts";
import { hrefFor } from "../../../domain/routes.ts";

export type DashboardPatientsTableProps = {
  readonly rows: readonly PatientDashboardRow[];
  readonly busy: boolean;
};

const REVIEW_TEXT = {
  [REVIEW_STATUS.pending]: "Pending review",
  [REVIEW_STATUS.reviewed]: "Reviewed",
} as const;

// A plain table: every cell is read with its column header, and the only interactive part of a
// row is the patient's name, so Tab moves from name to name.
export function DashboardPatientsTable({ rows, busy }: DashboardPatientsTableProps) {
  return (
    <div className={styles.tableScroller} role="region" aria-labelledby="dashboard-patients-caption" tabIndex={0}>
      <table className={styles.table} aria-busy={busy ? true : undefined}>
        <caption id="dashboard-patients-caption" className={styles.caption}>
          Your patients
        </caption>
        <thead>
          <tr>
            <th scope="col">Patient</th>
            <th scope="col">Email</th>
            <th scope="col">Last update</th>
            <th scope="col" className={styles.number}>
              Games to review
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <span className={styles.nameCell}>
                  <span className={styles.avatar} aria-hidden="true">
                    {row.initials}
                  </span>
                  <Link href={hrefFor("patient-detail", { id: row.id })}>
                    {row.first_name} {row.last_name}
                  </Link>
                </span>
              </th>
              {/* The whole address, wrapping where it must: the 20-character cut is the sidebar footer's. */}
              <td className={styles.email}>{row.email}</td>
              <td>{row.last_updated === null ? <span className={styles.muted}>No activity yet</span> : formatDate(row.last_updated)}</td>
              <td className={styles.number}>{row.games_to_review}</td>
              <td>
                <span className={row.reviewed_status === REVIEW_STATUS.pending ? styles.badgePending : styles.badge}>
                  {REVIEW_TEXT[row.reviewed_status]}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
