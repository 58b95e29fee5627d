import { useActorRef, useSelector } from "@xstate/react";
import { useRef } from "react";
import { goalAbilitiesOf } from "../../../domain/goals/index.ts";
import { type ProgressReportId, type ProgressReportWire, type ReportDueWire, periodWords, reportText } from "../../../domain/progress-reports/index.ts";
import { dayLabel } from "../../../domain/shared/calendar/labels.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { useEditOneOf } from "../../people/use-edit-one-of.ts";
import * as pageStyles from "../../shell/content-page.css.ts";
import { copyReportLogic } from "./progress-reports-machines.ts";
import { AddendumForm } from "./addendum-form.tsx";
import { ReportDocument } from "./report-document.tsx";
import { ReportForm } from "./report-form.tsx";
import * as styles from "./reports.css.ts";
import { useDraftReport, usePatientReports, useProgressReport } from "./use-progress-reports.ts";
import { useDeferredQuery } from "../../kit/deferred-render.tsx";

export type PatientReportsSectionProps = { readonly patientId: PatientId; readonly user: CurrentUser };

/** When the next report is due, in words (never by colour). */
export const dueWords = (due: ReportDueWire): string => {
  const when = due.due_on === null ? `${due.treatment_days_left ?? 0} treatment days left` : `due ${dayLabel(due.due_on)}`;
  return due.state === "overdue" ? `Next report overdue (${when})` : due.state === "due_soon" ? `Next report due soon (${when})` : `Next report ${when}`;
};

const DRAFT_ID = "reports-draft";
const ADDENDUM_ID = "report-addendum-add";

/** "Copy as text" on the copy-note machine: the report's plain text, announced once copied; a refused clipboard shows it to copy by hand. */
function CopyReport({ report }: { readonly report: ProgressReportWire }) {
  const actor = useActorRef(copyReportLogic);
  const copying = useSelector(actor, (snapshot) => snapshot.matches("copying"));
  const manual = useSelector(actor, (snapshot) => (snapshot.matches("manual") ? snapshot.context.text : null));
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={button} variant="secondary" isPending={copying} onPress={() => actor.send({ type: "note.copy", text: reportText(report) })}>
        Copy as text
      </Button>
      {manual === null ? null : (
        <div>
          <TextField label="Report as text" description="The browser did not let the portal use the clipboard: select the text and copy it." value={manual} isReadOnly rows={12} />
          <Button variant="secondary" onPress={() => (actor.send({ type: "manual.close" }), button.current?.focus())}>
            Close text
          </Button>
        </div>
      )}
    </>
  );
}

/** The opened report: the document (what prints), then on screen its actions and, for a draft, the SLP's form. */
function OpenedReport({ patientId, reportId, user, onClose }: { readonly patientId: PatientId; readonly reportId: ProgressReportId; readonly user: CurrentUser; readonly onClose: () => void }) {
  const query = useProgressReport(patientId, reportId);
  const report = query.data;
  const canWrite = goalAbilitiesOf(user).write;
  const addendum = useEditOneOf<"addendum">();
  return (
    <>
      <QueryStatus query={query} loading="Loading the report…" status="" busy={query.isFetching} />
      {report === undefined ? null : (
        <article className={`${styles.report} ${styles.printable}`} data-report-print="" aria-label="Progress report">
          <ReportDocument report={report} />
          <div className={`${styles.buttons} ${styles.screenOnly}`}>
            <CopyReport report={report} />
            <Button variant="secondary" onPress={() => window.print()}>
              Print
            </Button>
            {report.state === "signed" && canWrite ? (
              <Button id={ADDENDUM_ID} variant="secondary" onPress={() => addendum.open("addendum", document.getElementById(ADDENDUM_ID))}>
                Add addendum
              </Button>
            ) : null}
            <Button variant="secondary" onPress={onClose}>
              Close the report
            </Button>
          </div>
          {report.state === "draft" && canWrite ? <ReportForm key={report.id} report={report} signerName={`${user.first_name} ${user.last_name}`.trim()} /> : null}
          {report.state === "signed" && canWrite && addendum.editing !== null ? <AddendumForm key={report.id} report={report} onClose={addendum.close} /> : null}
        </article>
      )}
    </>
  );
}

// "Progress reports" on the patient record (issue 37, docs/progress-reports.md): when the next is
// due, the patient's reports, newest first, and one opened below the list to review, complete,
// sign, copy as text or print. Drafting needs the goals' write permission, as signing does.
export function PatientReportsSection({ patientId, user }: PatientReportsSectionProps) {
  const reports = useDeferredQuery(usePatientReports(patientId));
  const draft = useDraftReport(patientId);
  const { editing: opened, open, close } = useEditOneOf<ProgressReportId>();
  const canWrite = goalAbilitiesOf(user).write;
  const list = reports.data?.reports ?? [];
  return (
    <section className={pageStyles.section} aria-labelledby="reports-heading">
      <h2 id="reports-heading" className={pageStyles.subheading}>
        Progress reports
      </h2>
      <QueryStatus query={reports} loading="Loading the progress reports…" status="" busy={reports.isFetching} />
      {reports.data === undefined ? null : <p className={pageStyles.lead}>{dueWords(reports.data.due)}</p>}
      <Alert>{draft.error === null ? null : failureMessage(draft.error)}</Alert>
      {canWrite ? (
        <div className={`${styles.buttons} ${styles.screenOnly}`}>
          <Button
            id={DRAFT_ID}
            variant="secondary"
            isPending={draft.isPending}
            onPress={() => draft.mutate(undefined, { onSuccess: (report) => open(report.id, document.getElementById(DRAFT_ID)) })}
          >
            Draft a report
          </Button>
        </div>
      ) : null}
      {reports.data !== undefined && list.length === 0 ? <p className={pageStyles.lead}>No progress report yet.</p> : null}
      {list.length === 0 ? null : (
        <ul className={`${styles.list} ${styles.screenOnly}`} aria-label="The patient's progress reports">
          {list.map((report) => (
            <li key={report.id}>
              <Button id={`report-open-${report.id}`} variant="secondary" onPress={() => open(report.id, document.getElementById(`report-open-${report.id}`))}>
                {`${periodWords(report.period)}, ${report.state === "signed" ? "signed" : "draft"}`}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {opened === null ? null : <OpenedReport patientId={patientId} reportId={opened} user={user} onClose={close} />}
    </section>
  );
}
