import { formatDate } from "../../../domain/shared/format/date.ts";
import type { InactivePatient } from "../../../domain/dashboard/dashboard-overview-wire.ts";
import { Link } from "../../kit/link.tsx";
import * as styles from "./dashboard.css.ts";
import { hrefFor } from "../../../domain/routes.ts";

const lastPlayed = (patient: InactivePatient): string =>
  patient.last_session_at === null ? "Never played" : `Last played ${formatDate(patient.last_session_at)}`;

const slpOf = (patient: InactivePatient): string =>
  patient.assigned_slp === null ? "No SLP assigned" : `SLP: ${patient.assigned_slp.first_name} ${patient.assigned_slp.last_name}`;

// Who to call first: the server lists never-played patients, then the longest quiet.
export function InactivePatientsList({ patients, total, periodDays }: { patients: readonly InactivePatient[]; total: number; periodDays: number }) {
  return (
    <section className={styles.section} aria-labelledby="overview-inactive-heading">
      <h2 id="overview-inactive-heading" className={styles.subheading}>
        Patients without activity
      </h2>
      {patients.length === 0 ? (
        <p className={styles.lead}>Every active patient played in the last {periodDays} days.</p>
      ) : (
        <>
          <p className={styles.lead}>
            {total > patients.length
              ? `The ${patients.length} longest without a session, of ${total}.`
              : `Active patients with no session in the last ${periodDays} days.`}
          </p>
          <ul className={styles.list}>
            {patients.map((patient) => (
              <li key={patient.id} className={styles.listItem}>
                <Link href={hrefFor("patient-detail", { id: patient.id })}>
                  {patient.first_name} {patient.last_name}
                </Link>
                <span className={styles.muted}>
                  {lastPlayed(patient)} · {slpOf(patient)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
