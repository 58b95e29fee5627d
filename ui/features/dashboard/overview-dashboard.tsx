import { formatDate } from "../../../domain/shared/format/date.ts";
import { useDashboardOverview } from "./use-dashboard-overview.ts";
import * as styles from "./dashboard.css.ts";
import { InactivePatientsList } from "./inactive-patients-list.tsx";
import { InstitutionsTable } from "./institutions-table.tsx";
import { StatTiles } from "./stat-tiles.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { lazy, Suspense } from "react";
import { AfterHeading } from "../../kit/after-heading.tsx";

// The audit log's last review (issue 38), its own chunk with the audit viewer's calls, asked for
// after the heading (AfterHeading; scripts/bundle-loaded-later.mjs): only administrators see it.
const LastAuditReview = lazy(() => import("../audit/index.ts").then((module) => ({ default: module.LastAuditReview })));

export type OverviewDashboardProps = {
  /** The platform administrator sees every institution, counts only; others their own, with names. */
  readonly allInstitutions: boolean;
  /** Whether the viewer reads the audit log (then the dashboard says when it was last reviewed). */
  readonly auditLog?: boolean;
};

// The administrators' morning view: the week's figures, then who needs a call (their own
// institution) or how the institutions compare (the platform administrator).
export function OverviewDashboard({ allInstitutions, auditLog = false }: OverviewDashboardProps) {
  const overview = useDashboardOverview();
  const data = overview.data;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Dashboard</h1>
      <QueryStatus query={overview} loading="Loading the overview…" />
      {data === undefined ? null : (
        <>
          <p className={styles.lead}>
            The last {data.period_days} days{allInstitutions ? " across all institutions" : ""}, as of {formatDate(data.generated_at)}.
          </p>
          <section className={styles.section} aria-labelledby="overview-week-heading">
            <h2 id="overview-week-heading" className={styles.subheading}>
              {allInstitutions ? "All institutions" : (data.institutions[0]?.name ?? "This week")}
            </h2>
            <StatTiles figures={data.totals} periodDays={data.period_days} label="This week's figures" />
          </section>
          {allInstitutions ? (
            data.institutions.length === 0 ? (
              <p className={styles.lead}>No institutions yet.</p>
            ) : (
              <InstitutionsTable rows={data.institutions} />
            )
          ) : (
            <InactivePatientsList
              patients={data.inactive_patients}
              total={data.totals.patients_without_activity}
              periodDays={data.period_days}
            />
          )}
        </>
      )}
      {/* Last on the page, once the figures are there: the line arrives after the heading (its own
          chunk and read), and above the figures, or before them, its arrival or theirs moved the
          page (0.055 of layout shift on a phone). */}
      {auditLog && data !== undefined ? (
        <AfterHeading>
          <Suspense fallback={null}>
            <LastAuditReview />
          </Suspense>
        </AfterHeading>
      ) : null}
    </div>
  );
}
