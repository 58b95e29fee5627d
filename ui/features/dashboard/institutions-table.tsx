import type { InstitutionOverview } from "../../../domain/dashboard/dashboard-overview-wire.ts";
import * as styles from "./dashboard.css.ts";

const COLUMNS: ReadonlyArray<{ readonly header: string; readonly value: (row: InstitutionOverview) => number }> = [
  { header: "Active patients", value: (row) => row.patients.active },
  { header: "Pending patients", value: (row) => row.patients.pending },
  { header: "Inactive patients", value: (row) => row.patients.inactive },
  { header: "Active SLPs", value: (row) => row.slps.active },
  { header: "Sessions played", value: (row) => row.sessions_played },
  { header: "Awaiting review", value: (row) => row.sessions_awaiting_review },
  { header: "Without activity", value: (row) => row.patients_without_activity },
];

// The platform administrator's view: one row per institution, numbers only (they hold no patient data).
export function InstitutionsTable({ rows }: { rows: readonly InstitutionOverview[] }) {
  return (
    <div className={styles.tableScroller} role="region" aria-labelledby="overview-institutions-caption" tabIndex={0}>
      <table className={styles.table}>
        <caption id="overview-institutions-caption" className={styles.caption}>
          Institutions
        </caption>
        <thead>
          <tr>
            <th scope="col">Institution</th>
            {COLUMNS.map((column) => (
              <th key={column.header} scope="col" className={styles.number}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name}</th>
              {COLUMNS.map((column) => (
                <td key={column.header} className={styles.number}>
                  {column.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
