import { dayLabel } from "../../../domain/shared/calendar/labels.ts";
import { type ProgressReportWire, type ReportGoal, adherenceLines, baselineWords, currentWords, periodWords, ratingChangeWords, scaleName, verdictWords } from "../../../domain/progress-reports/index.ts";
import * as styles from "./reports.css.ts";

/** One goal: its statement and criterion, then its measures as a table, the verdict in words. */
function GoalPart({ goal }: { readonly goal: ReportGoal }) {
  return (
    <section className={styles.part} aria-labelledby={`report-goal-${goal.goal}`}>
      <h5 id={`report-goal-${goal.goal}`} className={styles.goalHeading}>
        {goal.label}: {goal.statement}
      </h5>
      <p className={styles.text}>Criterion: {goal.criterion}</p>
      <table className={styles.table}>
        <caption>{goal.label} measures</caption>
        <thead>
          <tr>
            <th scope="col">Baseline</th>
            <th scope="col">Current</th>
            <th scope="col">Target</th>
            <th scope="col">Status</th>
            <th scope="col">Sessions in period</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{baselineWords(goal)}</td>
            <td>{currentWords(goal)}</td>
            <td>{goal.target}%</td>
            <td>{verdictWords(goal)}</td>
            <td>{goal.sessions.length === 0 ? "None" : `${goal.sessions.length}, ${goal.sessions.filter((one) => one.meets).length} at or above target`}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

const written = (text: string) => (text.trim() === "" ? <p className={styles.muted}>Not written yet</p> : <p className={styles.text}>{text.trim()}</p>);

/**
 * The report as read and printed (docs/progress-reports.md, "Printable"): real headings in reading
 * order, a table per goal's measures and for adherence and ratings, every status and change in words.
 * The SLP's texts show as saved; the form beside it edits them.
 */
export function ReportDocument({ report }: { readonly report: ProgressReportWire }) {
  const { drafted, fields } = report;
  const name = `${report.patient_name.first_name} ${report.patient_name.last_name}`.trim();
  return (
    <>
      <h3 className={styles.reportHeading}>Progress report: {name === "" ? "Not specified" : name}</h3>
      <p className={styles.text}>Period: {periodWords(drafted.period)}</p>
      <p className={styles.text}>{report.state === "signed" ? "Signed" : "Draft, not signed"}</p>
      <section className={styles.part} aria-labelledby="report-goals">
        <h4 id="report-goals" className={styles.partHeading}>
          Goals
        </h4>
        {drafted.goals.length === 0 ? <p className={styles.muted}>No goal in this period.</p> : drafted.goals.map((goal) => <GoalPart key={goal.goal} goal={goal} />)}
      </section>
      <section className={styles.part} aria-labelledby="report-adherence">
        <h4 id="report-adherence" className={styles.partHeading}>
          Adherence
        </h4>
        <table className={styles.table}>
          <tbody>
            {adherenceLines(drafted.adherence).map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className={styles.part} aria-labelledby="report-ratings">
        <h4 id="report-ratings" className={styles.partHeading}>
          Functional communication
        </h4>
        {drafted.ratings.length === 0 ? (
          <p className={styles.muted}>No rating by the end of the period.</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Scale</th>
                <th scope="col">Level (of 7)</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {drafted.ratings.map((rating) => (
                <tr key={rating.scale}>
                  <th scope="row">{scaleName(rating)}</th>
                  <td>
                    {rating.level}, rated {dayLabel(rating.rated_on)}
                  </td>
                  <td>{ratingChangeWords(rating)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className={styles.part} aria-labelledby="report-assessment">
        <h4 id="report-assessment" className={styles.partHeading}>
          Assessment
        </h4>
        {written(fields.assessment)}
      </section>
      <section className={styles.part} aria-labelledby="report-plan">
        <h4 id="report-plan" className={styles.partHeading}>
          Plan
        </h4>
        {written(fields.plan)}
      </section>
      <section className={styles.part} aria-labelledby="report-changes">
        <h4 id="report-changes" className={styles.partHeading}>
          Changes to goals
        </h4>
        {written(fields.goal_changes)}
      </section>
      {report.signer === null || report.signed_at === null ? null : (
        <section className={styles.part} aria-labelledby="report-signature">
          <h4 id="report-signature" className={styles.partHeading}>
            Signature
          </h4>
          <p className={styles.text}>
            Signed by {report.signer.name}, {report.signer.credentials}
            {report.signer.npi === null ? "" : `, NPI ${report.signer.npi}`}, on {report.signed_at}
          </p>
          <p className={styles.hash}>SHA-256 of the signed content: {report.content_sha256}</p>
        </section>
      )}
      {report.addenda.length === 0 ? null : (
        <section className={styles.part} aria-labelledby="report-addenda">
          <h4 id="report-addenda" className={styles.partHeading}>
            Addenda
          </h4>
          {report.addenda.map((addendum) => (
            <div key={addendum.id} className={styles.part}>
              <p className={styles.text}>{addendum.text}</p>
              <p className={styles.muted}>
                Signed by {addendum.signer.name}, {addendum.signer.credentials}, on {addendum.signed_at}
              </p>
              <p className={styles.hash}>SHA-256: {addendum.content_sha256}</p>
            </div>
          ))}
        </section>
      )}
    </>
  );
}
