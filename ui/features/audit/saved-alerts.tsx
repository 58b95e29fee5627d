import { ALERT_TEXT } from "../../../domain/audit/audit-alerts.ts";
import { type AuditView, searchOfView, withFilters } from "../../../domain/audit/audit-view.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { dayLabel } from "../../../domain/shared/calendar/labels.ts";
import { countOf, forms } from "../../../domain/shared/format/plural.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { Link } from "../../kit/link.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { useAuditAlerts } from "./use-audit.ts";
import * as styles from "./audit.css.ts";

const ROW = forms("row");

export type SavedAlertsProps = { readonly view: AuditView; readonly period: { readonly from: string; readonly to: string } };

// The saved alerts (issue 38): the queries a weekly review runs, each with how many rows it found
// in the period, the last one's time and, where a filter shows them, the way to those rows.
export function SavedAlerts({ view, period }: SavedAlertsProps) {
  const alerts = useAuditAlerts(period);
  return (
    <section className={styles.section} aria-labelledby="audit-alerts-heading">
      <h2 id="audit-alerts-heading" className={styles.subheading}>
        Saved alerts
      </h2>
      <p className={styles.lead}>
        From {dayLabel(period.from)} to {dayLabel(period.to)} (UTC).
      </p>
      <QueryStatus query={alerts} loading="Loading the alerts…" />
      {alerts.data === undefined ? null : (
        <ul className={styles.reviewList}>
          {alerts.data.alerts.map((alert) => {
            const text = ALERT_TEXT[alert.id];
            const filter = text.filter;
            return (
              <li key={alert.id}>
                <strong>{text.title}</strong>: {countOf(alert.rows, ROW)}
                {alert.last_at === null ? "" : `, the last ${formatDateTime(alert.last_at)}`}. <span className={styles.muted}>{text.finds}.</span>{" "}
                {filter === null || alert.rows === 0 ? null : (
                  <Link href={`${hrefFor("audit")}${searchOfView(withFilters({ ...view, report: null }, { ...filter, ...period }))}`}>Show the {text.title.toLowerCase()}</Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
