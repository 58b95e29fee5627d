import { type ReactNode, Suspense } from "react";
import { INACTIVITY_CUTOFF_MS, type TimerActivity, timerLabel } from "../../domain/billing/work-timer.ts";
import { AfterHeading } from "../kit/after-heading.tsx";
import { Button } from "../kit/button.tsx";
import { useCanLogTime } from "./use-can-log-time.ts";
import * as styles from "./work-timer-frame.css.ts";

const CUTOFF_MINUTES = INACTIVITY_CUTOFF_MS / 60_000;

/** The running timer's words: the bar's first state, and the space held for it while it loads. */
export const runningWords = (who: string, minutes: number, activity: TimerActivity) => ({
  status: `Timing your work on ${who}: ${timerLabel(minutes)}`,
  detail: `Counts whole minutes as ${activity} time; stops by itself after ${CUTOFF_MINUTES} minutes without input.`,
});

/**
 * The work timer's frame on a patient's record, session and chat pages (issue 24, "Time capture"):
 * its status, a detail line and its buttons. The bar itself (ui/features/billing, a lazy chunk
 * asked for after the page's heading) fills it; WorkTimerPlaceholder holds its place meanwhile.
 */
export function WorkTimerFrame({ status, detail, children }: { readonly status: string; readonly detail: string; readonly children: ReactNode }) {
  return (
    <section className={styles.bar} aria-label="Work timer">
      <div className={styles.words}>
        <p className={styles.status}>{status}</p>
        {detail === "" ? null : <p className={styles.detail}>{detail}</p>}
      </div>
      <div className={styles.buttons}>{children}</div>
    </section>
  );
}

/**
 * The space the work timer takes once its code has arrived (issue 35, "stable layout"): the bar as
 * it first shows, running at 0 minutes, laid out by the same frame, hidden from screen readers and
 * inert, so the page below the heading does not move when the bar replaces it. Its words show (the
 * bar's first words, for the patient named): painted with the heading, they are not a new largest
 * paint when the bar's same words replace them once its chunk has run (a patient's record:
 * Lighthouse's largest paint was the bar's detail line, 3 s after the heading); its buttons stay
 * invisible until they work. Without the patient's name (still loading) it is wholly invisible.
 * Nothing for those who may not log time, who never see the bar.
 */
export function WorkTimerPlaceholder({ patientName, activity = "review" }: { readonly patientName: string; readonly activity?: TimerActivity }) {
  if (!useCanLogTime()) return null;
  const words = runningWords(patientName === "" ? "this patient" : patientName, 0, activity);
  return (
    <div className={patientName === "" ? styles.placeholder : undefined} aria-hidden="true" inert>
      <WorkTimerFrame status={words.status} detail={words.detail}>
        <div className={styles.placeholderButtons}>
          <Button variant="secondary" isDisabled>
            Pause
          </Button>
          <Button variant="secondary" isDisabled>
            Stop and log
          </Button>
        </div>
      </WorkTimerFrame>
    </div>
  );
}

/**
 * Where a page puts its work timer bar (the lazy WorkTimerBar as `children`): asked for after the
 * page's heading is in the document (AfterHeading), with its place held (WorkTimerPlaceholder)
 * until then and while the chunk loads.
 */
export function WorkTimerSlot({ patientName, activity = "review", children }: { readonly patientName: string; readonly activity?: TimerActivity; readonly children: ReactNode }) {
  const placeholder = <WorkTimerPlaceholder patientName={patientName} activity={activity} />;
  return (
    <AfterHeading fallback={placeholder}>
      <Suspense fallback={placeholder}>{children}</Suspense>
    </AfterHeading>
  );
}
