import { useState } from "react";
import { useSearchParams } from "wouter";
import { auditAbilitiesOf } from "../../../domain/audit/audit-abilities.ts";
import { recentPeriod } from "../../../domain/audit/audit-period.ts";
import { type AuditView, eventsQueryOf, exportQueryOf, pageNumberOf, searchOfView, viewAtPage, viewFromParams, withFilters } from "../../../domain/audit/audit-view.ts";
import { dayLabel } from "../../../domain/shared/calendar/labels.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Link } from "../../kit/link.tsx";
import { Pager } from "../../kit/pager.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { useDocumentTitle } from "../../shell/use-document-title.ts";
import { AuditFiltersForm } from "./audit-filters-form.tsx";
import { AuditReport } from "./audit-report.tsx";
import { AuditTable, reportHref } from "./audit-table.tsx";
import { ReviewSignOff } from "./review-sign-off.tsx";
import { SavedAlerts } from "./saved-alerts.tsx";
import { useAuditEvents, useExportEvents } from "./use-audit.ts";
import * as styles from "./audit.css.ts";

/** The period a report or an export covers: the view's days, the last 30 days where it names none. */
const periodOf = (view: AuditView, today: string) => {
  const recent = recentPeriod(today);
  return { from: view.filters.from ?? recent.from, to: view.filters.to ?? recent.to };
};

// The audit log (issue 38, docs/audit-viewer.md): the caller's rows filtered by a form, sorted by
// any column and paged by keys; the two reports one click away; the CSV of what is shown; and the
// weekly review sign-off. The address is the page's one source of truth (docs/ui.md): Back, a
// reload and a shared link show the same log, the same report. Viewing and exporting are
// themselves audited by the server.
export function AuditPage({ user }: { readonly user: CurrentUser }) {
  useDocumentTitle("Audit log");
  const [params, setParams] = useSearchParams();
  const view = viewFromParams(params.entries());
  const show = (next: AuditView) => setParams(new URLSearchParams(searchOfView(next)), { replace: false });
  // Where the view names no days, its reports and export cover the 30 days up to when the page opened (read once).
  const [today] = useState(() => new Date().toISOString().slice(0, 10));
  const period = periodOf(view, today);
  const events = useAuditEvents(eventsQueryOf(view));
  const download = useExportEvents();
  const abilities = auditAbilitiesOf(user);
  const data = events.data;
  const page = pageNumberOf(view);
  const status = events.isPending || events.isPlaceholderData ? "Loading the audit log…" : data === undefined ? "" : `Page ${page}, ${data.results.length} rows`;

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>Audit log</h1>
      </div>
      <p className={styles.lead}>
        {user.role.code_name === "super_admin"
          ? "Institution-level events of every institution: institutions, administrators and sign-ins. Rows about patients are never shown here."
          : "Every read, change and refusal in your institution. Opening and exporting this log are recorded too."}
      </p>
      <AuditFiltersForm key={searchOfView({ ...view, pages: [], report: null, sort: "time", direction: "desc" })} filters={view.filters} patientFilter={abilities.filterByPatient} onApply={(filters) => show(withFilters({ ...view, report: null }, filters))} />
      <nav aria-label="Reports" className={styles.actions}>
        {view.filters.patient === undefined ? null : <Link href={reportHref(view, "patient-access", { patient: view.filters.patient })}>Who accessed patient {view.filters.patient}</Link>}
        {view.filters.user === undefined ? null : <Link href={reportHref(view, "person-activity", { user: view.filters.user })}>What person {view.filters.user} did</Link>}
        <Button variant="secondary" isPending={download.isPending} onPress={() => download.mutate({ ...exportQueryOf(view), ...period })}>
          Export the filtered log as CSV ({dayLabel(period.from)} to {dayLabel(period.to)})
        </Button>
      </nav>
      <Alert>{download.isError ? failureMessage(download.error) : null}</Alert>
      <StatusMessage>{download.isSuccess ? `Exported ${download.data.filename}` : ""}</StatusMessage>
      {view.report === null ? null : <AuditReport view={view} period={period} />}
      <QueryStatus query={events} loading="Loading the audit log…" status={status} busy={events.isPending || events.isPlaceholderData} />
      {data === undefined ? null : (
        <>
          <AuditTable view={view} rows={data.results} busy={events.isPlaceholderData} onSort={(sort, direction) => show({ ...view, sort, direction, pages: [] })} />
          <Pager label="Audit log pages" page={page} totalPages={data.next === null ? page : page + 1} isLoading={events.isPlaceholderData} onPage={(to) => show(viewAtPage(view, to, data.next))} />
        </>
      )}
      <SavedAlerts view={view} period={period} />
      <ReviewSignOff maySignOff={abilities.signOff} />
    </div>
  );
}
