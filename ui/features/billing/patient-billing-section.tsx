import { type DataDaysPanel, dataDaysPanel, type StripDay } from "../../../domain/billing/data-days-panel.ts";
import { SUPPLY_KIND_NOTE } from "../../../domain/billing/index.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { QueryStatus } from "../../kit/query-status.tsx";
import * as pageStyles from "../../shell/content-page.css.ts";
import * as styles from "./patient-billing.css.ts";
import { PhysiologicalMonitoring } from "./physiological-monitoring.tsx";
import { PatientTimeLogs } from "./time-log.tsx";
import { useCanLogTime } from "../../people/use-can-log-time.ts";
import { usePatientDataDays } from "./use-patient-data-days.ts";
import { useDeferredQuery } from "../../kit/deferred-render.tsx";

export type PatientBillingSectionProps = {
  readonly patientId: PatientId;
  /** "Dee Tester": names the strip for a screen reader. */
  readonly patientName: string;
};

// "Remote monitoring" on the patient record (issue 24, the patient's billing panel): the current
// 30-day supply period with its data days, the code they support so far and what is missing, the
// previous period, and the day strip, every square named in words. The words are the domain's
// (domain/billing/data-days-panel.ts); the record shows the section only to those with rtm retrieve.
export function PatientBillingSection({ patientId, patientName }: PatientBillingSectionProps) {
  const dataDays = useDeferredQuery(usePatientDataDays(patientId));
  const canLog = useCanLogTime();
  const panel = dataDays.data === undefined ? null : dataDaysPanel(dataDays.data);
  return (
    <section className={pageStyles.section} aria-labelledby="remote-monitoring-heading">
      <h2 id="remote-monitoring-heading" className={pageStyles.subheading}>
        Remote monitoring
      </h2>
      <QueryStatus query={dataDays} loading="Loading the data days…" status="" busy={dataDays.isFetching} />
      {panel === null ? null : panel.kind === "not started" ? (
        <p className={pageStyles.lead}>No session yet: remote monitoring starts with the patient's first session.</p>
      ) : (
        <Monitoring panel={panel} patientName={patientName} />
      )}
      {dataDays.data === undefined ? null : (
        <PhysiologicalMonitoring patientId={patientId} patientName={patientName} isOn={dataDays.data.physiological_monitoring} canChange={canLog} />
      )}
      {dataDays.data === undefined ? null : <PatientTimeLogs patientId={patientId} today={dataDays.data.today} timeZone={dataDays.data.time_zone} />}
    </section>
  );
}

function Monitoring({ panel, patientName }: { readonly panel: Extract<DataDaysPanel, { kind: "monitoring" }>; readonly patientName: string }) {
  const { current, previous } = panel;
  return (
    <>
      <dl className={styles.facts}>
        <dt className={styles.term}>Current period</dt>
        <dd className={styles.detail}>{current.dates}</dd>
        <dt className={styles.term}>Data days</dt>
        <dd className={styles.detail}>
          {panel.progress}, {current.supports}
        </dd>
        <dt className={styles.term}>Still to do</dt>
        <dd className={styles.detail}>{panel.need}</dd>
        {previous === null ? null : (
          <>
            <dt className={styles.term}>Previous period</dt>
            <dd className={styles.detail}>
              {previous.dates}: {previous.dataDayCount} of 30 days with data, {previous.supports}
            </dd>
          </>
        )}
      </dl>
      <ol className={styles.strip} aria-label={`${patientName}'s days, ${current.dates}`}>
        {panel.strip.map((day) => (
          <DaySquare key={day.day} day={day} />
        ))}
      </ol>
      <p className={styles.legend}>Filled squares are days with a session (the number is how many); outlined squares had none; dashed ones are still to come.</p>
      <p className={styles.note}>{SUPPLY_KIND_NOTE}</p>
    </>
  );
}

function DaySquare({ day }: { readonly day: StripDay }) {
  const look = day.when === "future" ? styles.day.future : day.sessions > 0 ? styles.day.data : styles.day.empty;
  return (
    <li aria-label={day.label} title={day.label} className={day.when === "today" ? `${look} ${styles.today}` : look}>
      <span aria-hidden="true">{day.sessions > 0 ? day.sessions : ""}</span>
    </li>
  );
}
