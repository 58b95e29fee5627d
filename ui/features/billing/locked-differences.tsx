import { useState } from "react";
import type { LockedCopy } from "../../../domain/billing/month-close-wire.ts";
import { claimSideText, differencesText, DIFFERENCES_NOTE } from "../../../domain/billing/month-end-view.ts";
import { Button } from "../../kit/button.tsx";
import * as styles from "./month-end.css.ts";

/**
 * Issue 31, item 2: a locked month's page says how many lines today's data would judge otherwise than
 * the copy kept at the lock, and lets them be reviewed (locked, then now, per patient); the CSV and the
 * totals stay the locked copy.
 */
export function LockedDifferences({ copy }: { readonly copy: LockedCopy }) {
  const [open, setOpen] = useState(false);
  if (copy.differences === 0) return <p>{differencesText(0)}</p>;
  const listed = copy.review.length < copy.differences ? ` The first ${copy.review.length} are listed.` : "";
  return (
    <section className={styles.differences} aria-labelledby="locked-differences-title">
      <h3 id="locked-differences-title" className={styles.differencesTitle}>
        {differencesText(copy.differences)}
      </h3>
      <p className={styles.reason}>
        {DIFFERENCES_NOTE}
        {listed}
      </p>
      <div className={styles.screenOnly}>
        <Button variant="secondary" aria-expanded={open} aria-controls="locked-differences-table" onPress={() => setOpen((shown) => !shown)}>
          {open ? "Hide the differences" : "Review the differences"}
        </Button>
      </div>
      <table id="locked-differences-table" className={styles.totals} hidden={!open}>
        <caption>Lines that differ from what was locked</caption>
        <thead>
          <tr>
            <th scope="col">Patient</th>
            <th scope="col">Locked</th>
            <th scope="col">Judged today</th>
          </tr>
        </thead>
        <tbody>
          {copy.review.map((item) => (
            <tr key={item.patient_id}>
              <th scope="row">{item.patient}</th>
              <td>{claimSideText(item.locked)}</td>
              <td>{claimSideText(item.now)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
