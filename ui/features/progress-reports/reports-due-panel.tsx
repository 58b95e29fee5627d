import { hrefFor } from "../../../domain/routes.ts";
import { formFor, NOUNS } from "../../../domain/shared/format/plural.ts";
import { Link } from "../../kit/link.tsx";
import { dueWords } from "./patient-reports-section.tsx";
import * as styles from "./reports.css.ts";
import { useReportsDue } from "./use-progress-reports.ts";

// The SLP dashboard's "Progress reports due" (issue 37): the caseload's patients whose report is due
// within 3 days or overdue, each linked to their record, the state in words. Loading or failed, it
// stays out of the way of the dashboard's own list; with nothing due it says so. The most overdue
// come first and only the first few are linked, so the panel stays a glance and a few Tab stops on
// a dashboard a keyboard user walks every day; the rest are counted in words.
export const DUE_LINKED = 8;

export function ReportsDuePanel() {
  const due = useReportsDue();
  if (due.data === undefined) return null;
  const linked = due.data.patients.slice(0, DUE_LINKED);
  const more = due.data.patients.length - linked.length;
  return (
    <section aria-labelledby="reports-due-heading">
      <h2 id="reports-due-heading" className={styles.partHeading}>
        Progress reports due
      </h2>
      {due.data.patients.length === 0 ? (
        <p className={styles.muted}>No report is due within 3 days.</p>
      ) : (
        <ul className={styles.list}>
          {linked.map((row) => (
            <li key={row.patient}>
              <Link href={hrefFor("patient-detail", { id: row.patient })}>{`${row.first_name} ${row.last_name}`.trim() || "Not specified"}</Link>: {dueWords(row.due)}
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? <p className={styles.muted}>{`And ${more} more ${formFor(more, NOUNS.patient)}, due or overdue: their records say when.`}</p> : null}
    </section>
  );
}
