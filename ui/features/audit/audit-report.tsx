import type { AddressQuery } from "../../../adapters/audit/index.ts";
import { AUDIT_REPORT, type AuditView } from "../../../domain/audit/audit-view.ts";
import type { PatientAccessLine, PersonActivityLine } from "../../../domain/audit/audit-wire.ts";
import { actionLabel, kindLabel } from "../../../domain/audit/audit-words.ts";
import { dayLabel } from "../../../domain/shared/calendar/labels.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { DataTable, type DataColumn } from "../../kit/data-table.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { usePatientAccess, usePersonActivity, useExportEvents } from "./use-audit.ts";
import * as styles from "./audit.css.ts";

const COUNTS: readonly DataColumn<PatientAccessLine | PersonActivityLine>[] = [
  { key: "events", header: "Events", numeric: true, cell: (line) => line.events },
  { key: "denied", header: "Refused", numeric: true, cell: (line) => line.denied },
  { key: "first", header: "First", cell: (line) => formatDateTime(line.first_at) },
  { key: "last", header: "Last", cell: (line) => formatDateTime(line.last_at) },
];

const ACCESS_COLUMNS: readonly DataColumn<PatientAccessLine>[] = [
  { key: "person", header: "Person", isRowHeader: true, cell: (line) => line.user_name ?? (line.user_id === null ? "Nobody signed in" : `User ${line.user_id}`) },
  { key: "actions", header: "Actions", cell: (line) => line.actions.map(actionLabel).join(", ") },
  ...COUNTS,
];

const ACTIVITY_COLUMNS: readonly DataColumn<PersonActivityLine>[] = [
  { key: "action", header: "Action", isRowHeader: true, cell: (line) => actionLabel(line.action) },
  { key: "kind", header: "Record kind", cell: (line) => kindLabel(line.kind) },
  ...COUNTS,
];

export type AuditReportProps = {
  readonly view: AuditView;
  /** The report's period: the view's days, or the last 30 days. */
  readonly period: { readonly from: string; readonly to: string };
};

// The two reports one click away (issue 38): who accessed the patient the view names, or what the
// person it names did, over the period, each with its CSV (the rows behind it, streamed).
export function AuditReport({ view, period }: AuditReportProps) {
  const patient = view.report === AUDIT_REPORT.patientAccess ? view.filters.patient : undefined;
  const user = view.report === AUDIT_REPORT.personActivity ? view.filters.user : undefined;
  const access = usePatientAccess(patient === undefined ? null : { patient: String(patient), ...period });
  const activity = usePersonActivity(user === undefined ? null : { user: String(user), ...period });
  const download = useExportEvents();
  if (patient === undefined && user === undefined) return null;
  const exportQuery: AddressQuery = { ...(patient === undefined ? { user: String(user) } : { patient: String(patient) }), ...period };
  const who = patient !== undefined ? `patient ${patient}` : (activity.data?.user_name ?? `user ${user}`);
  const title = patient !== undefined ? `Who accessed ${who}` : `What ${who} did`;
  return (
    <section className={styles.section} aria-labelledby="audit-report-heading">
      <h2 id="audit-report-heading" className={styles.subheading}>
        {title}
      </h2>
      <p className={styles.lead}>
        From {dayLabel(period.from)} to {dayLabel(period.to)} (UTC), at most a year.
      </p>
      {patient !== undefined ? (
        <>
          <QueryStatus query={access} loading="Loading who accessed the patient…" />
          {access.data === undefined ? null : (
            <DataTable caption={title} columns={ACCESS_COLUMNS} rows={access.data.people} rowKey={(line) => line.user_id ?? 0} empty="Nobody accessed this patient's record in the period." />
          )}
        </>
      ) : (
        <>
          <QueryStatus query={activity} loading="Loading what the person did…" />
          {activity.data === undefined ? null : (
            <DataTable caption={title} columns={ACTIVITY_COLUMNS} rows={activity.data.activity} rowKey={(line) => `${line.action}/${line.kind}`} empty="Nothing in the period." />
          )}
        </>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" isPending={download.isPending} onPress={() => download.mutate(exportQuery)}>
          Export this report as CSV
        </Button>
      </div>
      <Alert>{download.isError ? failureMessage(download.error) : null}</Alert>
      <StatusMessage>{download.isSuccess ? `Exported ${download.data.filename}` : ""}</StatusMessage>
    </section>
  );
}
