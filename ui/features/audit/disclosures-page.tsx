import { auditAbilitiesOf } from "../../../domain/audit/audit-abilities.ts";
import type { Disclosure } from "../../../domain/audit/disclosure-wire.ts";
import { ACCOUNTING_YEARS } from "../../../domain/audit/disclosure-wire.ts";
import { dayLabel } from "../../../domain/shared/calendar/labels.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { Button } from "../../kit/button.tsx";
import { DataTable, type DataColumn } from "../../kit/data-table.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { useDocumentTitle } from "../../shell/use-document-title.ts";
import { DisclosureForm } from "./disclosure-form.tsx";
import { useAccounting } from "./use-disclosures.ts";
import * as styles from "./audit.css.ts";

const COLUMNS: readonly DataColumn<Disclosure>[] = [
  { key: "date", header: "Date", isRowHeader: true, cell: (entry) => dayLabel(entry.disclosed_on) },
  { key: "recipient", header: "Recipient", cell: (entry) => entry.recipient },
  { key: "address", header: "Recipient's address", cell: (entry) => entry.recipient_address },
  { key: "what", header: "What was disclosed", cell: (entry) => entry.what },
  { key: "purpose", header: "Purpose", cell: (entry) => entry.purpose },
  { key: "source", header: "Recorded", cell: (entry) => (entry.source === "export" ? "By an export" : `By ${entry.recorded_by_name ?? "a former user"}`) },
];

// A patient's accounting of disclosures (HIPAA 164.528, issue 38): every disclosure of their data
// outside treatment, payment and operations in the six years up to today, as the server answers it
// (its own period), printable as it stands (the print stylesheet leaves out the sidebar, the form
// and the buttons). Reading it is audited about the patient by the server.
export function DisclosuresPage({ user, patient }: { readonly user: CurrentUser; readonly patient: PatientId }) {
  useDocumentTitle("Accounting of disclosures");
  const accounting = useAccounting(patient);
  const abilities = auditAbilitiesOf(user);
  const data = accounting.data;
  return (
    <div className={`${styles.page} ${styles.printPage}`}>
      <div className={styles.header}>
        <h1 className={styles.heading}>Accounting of disclosures</h1>
      </div>
      <QueryStatus query={accounting} loading="Loading the accounting…" />
      {data === undefined ? null : (
        <>
          <p className={styles.lead}>
            {data.patient_name === "" ? `Patient ${data.patient_id}` : data.patient_name}: disclosures from {dayLabel(data.from)} to {dayLabel(data.to)} (the last {ACCOUNTING_YEARS} years), newest first.
          </p>
          <div className={`${styles.actions} ${styles.screenOnly}`}>
            <Button variant="secondary" onPress={() => window.print()}>
              Print the accounting
            </Button>
          </div>
          <DataTable caption={`Disclosures of ${data.patient_name === "" ? `patient ${data.patient_id}` : data.patient_name}`} columns={COLUMNS} rows={data.disclosures} rowKey={(entry) => entry.id} empty="No disclosure was recorded in these six years." />
        </>
      )}
      {/* The form opens on the register's today (UTC, the accounting's last day, as the server read it), so it waits for the accounting; the server checks the day again. */}
      {abilities.recordDisclosure && data !== undefined ? <DisclosureForm patient={patient} today={data.to} /> : null}
    </div>
  );
}
