import { useActorRef, useSelector } from "@xstate/react";
import { useState } from "react";
import { billingAbilitiesOf } from "../../../domain/billing/billing-abilities.ts";
import { useSearchParams } from "wouter";
import { BILLING_STATUSES } from "../../../domain/billing/billing-status.ts";
import { codeLabel, downloadLabel, lockAvailability, lockText } from "../../../domain/billing/month-end-view.ts";
import { isMonthText } from "../../../domain/billing/rtm-list-view.ts";
import { dayLabel, monthLabel } from "../../../domain/shared/calendar/labels.ts";
import { monthOf, shiftMonth } from "../../../domain/shared/calendar/months.ts";
import { viewerDay } from "../../../domain/shared/calendar/today.ts";
import { hrefFor } from "../../../domain/routes.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { isConfirmationOpen } from "../../../machines/billing/month-lock.machine.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { ConfirmationDialog } from "../../kit/confirmation-dialog.tsx";
import { Link } from "../../kit/link.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { useDocumentTitle } from "../../shell/use-document-title.ts";
import { LockedDifferences } from "./locked-differences.tsx";
import * as styles from "./month-end.css.ts";
import { monthLockLogicFor } from "./month-end-machines.ts";
import { SupplyKindNotice } from "./supply-kind-notice.tsx";
import { useDownloadMonth, useLockMonth, useMonthState } from "./use-month-end.ts";

/** The month before the viewer's current one: the month an administrator closes at month-end. */
const lastMonth = (now: Date): string => shiftMonth(monthOf(viewerDay(now)), -1);

const statusLabel = (status: string): string => `${status.charAt(0).toUpperCase()}${status.slice(1)}`;
/** The day a lock was made, on the viewer's calendar. */
const dayOf = (instant: string): string => dayLabel(viewerDay(new Date(instant)));

/**
 * Month-end (issue 24, docs/billing.md "Month-end"): a month's totals over the caller's patients
 * (per status, per claim code), its lock with a "Lock month" button for those who may lock (a
 * confirmation first; disabled with its reason while the month runs or once locked), the CSV
 * download, and a page that prints as the summary alone. The lock runs on the month-lock machine
 * (asked, confirmed, sent); the page renders its state. A locked month shows the copy kept at the lock
 * and how many lines today's data would judge otherwise (issue 31); without a supply kind, a notice says
 * what cannot be billed and where it is chosen.
 */
export function MonthEndPage({ user }: { readonly user: CurrentUser }) {
  useDocumentTitle("Month-end");
  const [params] = useSearchParams();
  const asked = params.get("month");
  // Without ?month= the page closes last month on the browser's calendar, read once when it opens.
  const [fallback] = useState(() => lastMonth(new Date()));
  const month = isMonthText(asked) ? asked : fallback;
  const state = useMonthState(month);
  const lock = useLockMonth();
  const download = useDownloadMonth(month);
  const locker = useActorRef(monthLockLogicFor({ lock: (asked) => lock.mutateAsync(asked), onLocked: (locked) => confirmChange({ title: `${monthLabel(locked)} locked` }) }));
  const confirming = useSelector(locker, isConfirmationOpen);
  const locking = useSelector(locker, (snapshot) => snapshot.matches("locking"));
  const failure = useSelector(locker, (snapshot) => snapshot.context.failure);
  const mayLock = billingAbilitiesOf(user).lockMonth;
  const data = state.data;
  const availability = data === undefined ? null : lockAvailability(data);

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Month-end</h1>
      <nav aria-label="Month" className={`${styles.actions} ${styles.screenOnly}`}>
        <Link href={`${hrefFor("billing-month-end")}?month=${shiftMonth(month, -1)}`}>Previous month</Link>
        <Link href={`${hrefFor("billing-month-end")}?month=${shiftMonth(month, 1)}`}>Next month</Link>
        <Link href={`${hrefFor("billing")}?month=${month}`}>Back to the Billing list</Link>
      </nav>
      <section className={styles.summary} aria-labelledby="month-end-title">
        <h2 id="month-end-title" className={styles.heading}>
          {monthLabel(month)}
        </h2>
        <QueryStatus query={state} loading="Adding up the month…" />
        <Alert>{failure === null ? null : failureMessage(failure)}</Alert>
        {data === undefined ? null : (
          <>
            <p>{lockText(data.lock, dayOf)}</p>
            {data.supply_kind_chosen ? null : <SupplyKindNotice user={user} />}
            {data.locked_copy === null ? null : <LockedDifferences copy={data.locked_copy} />}
            <div className={`${styles.actions} ${styles.screenOnly}`}>
              {mayLock && availability !== null ? (
                <>
                  <Button isDisabled={!availability.enabled} onPress={() => locker.send({ type: "lock.ask", state: data })} aria-describedby={availability.enabled ? undefined : "month-end-lock-reason"}>
                    Lock month
                  </Button>
                  {availability.enabled ? null : (
                    <p id="month-end-lock-reason" className={styles.reason}>
                      {availability.reason}
                    </p>
                  )}
                </>
              ) : null}
              <Button variant="secondary" isPending={download.isPending} onPress={() => download.mutate()}>
                {downloadLabel(data)}
              </Button>
              <Button variant="secondary" onPress={() => window.print()}>
                Print summary
              </Button>
            </div>
            {download.isError ? <Alert>{failureMessage(download.error)}</Alert> : null}
            <p>
              {data.totals.patients} patients, {data.totals.billable} with claim lines this month.
            </p>
            <table className={styles.totals}>
              <caption>Patients by status</caption>
              <thead>
                <tr>
                  <th scope="col">Status</th>
                  <th scope="col">Patients</th>
                </tr>
              </thead>
              <tbody>
                {BILLING_STATUSES.map((status) => (
                  <tr key={status}>
                    <th scope="row">{statusLabel(status)}</th>
                    <td>{data.totals.by_status.find((item) => item.status === status)?.patients ?? 0}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className={styles.totals}>
              <caption>Claim lines by code</caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Units</th>
                  <th scope="col">Patients</th>
                </tr>
              </thead>
              <tbody>
                {data.totals.by_code.length === 0 ? (
                  <tr>
                    <td colSpan={3}>No claim lines this month.</td>
                  </tr>
                ) : (
                  data.totals.by_code.map((code) => (
                    <tr key={codeLabel(code)}>
                      <th scope="row">{codeLabel(code)}</th>
                      <td>{code.units}</td>
                      <td>{code.patients}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </>
        )}
      </section>
      <ConfirmationDialog
        isOpen={confirming}
        title={`Lock ${monthLabel(month)}?`}
        confirmLabel="Lock month"
        isPending={locking}
        onConfirm={() => locker.send({ type: "lock.confirm" })}
        onCancel={() => locker.send({ type: "lock.cancel" })}
      >
        <p>
          No time entry or call in {monthLabel(month)} can be added, corrected or removed after this, for every patient of the institution. The set-up (98975) billed this month is recorded,
          so it is not claimed again in the same episode. Every patient's line is kept as judged now: the month's CSV and totals stay that copy, and a later change shows as a difference
          to review.
        </p>
      </ConfirmationDialog>
    </div>
  );
}
