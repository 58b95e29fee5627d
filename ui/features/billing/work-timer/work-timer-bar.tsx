import { clockLabel } from "../../../../domain/shared/calendar/labels.ts";
import { useQueryClient } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { startTransition, useEffect, useRef, useState } from "react";
import { timeLogApiOf } from "../../../../adapters/billing/index.ts";
import { INACTIVITY_CUTOFF_MS, loggedLabel, type TimerActivity, timerLabel } from "../../../../domain/billing/work-timer.ts";
import type { PatientId } from "../../../../domain/shared/ids.ts";
import { shownMinutes, type WorkTimerSnapshot } from "../../../../machines/billing/work-timer.machine.ts";
import { failureMessage } from "../../../data/failure-message.ts";
import { announceChange, confirmChange } from "../../../feedback/confirm-change.ts";
import { showToast } from "../../../feedback/toast-queue.ts";
import { Button } from "../../../kit/button.tsx";
import { runningWords, WorkTimerFrame, WorkTimerPlaceholder } from "../../../people/work-timer-frame.tsx";
import { useServices } from "../../../services/services-context.tsx";
import { useActivitySignals } from "../../../session/use-activity-signals.ts";
import { useSessionStanding } from "../../../session/use-session.ts";
import { useCanLogTime } from "../../../people/use-can-log-time.ts";
import { BILLING_VIEWS_KEY, timeEntriesKey } from "../use-time-log.ts";
import { attachView, detachView, leaveAnyPatient, type WorkTimerEffects, type WorkTimerSession } from "./work-timer-machines.ts";

export type WorkTimerBarProps = {
  readonly patientId: PatientId;
  /** "Alex Doe"; empty while the page is still loading the patient. */
  readonly patientName: string;
  /** What time on this page is spent on: `review` (the record, session review; the default) or `messaging` (the patient's chat thread). */
  readonly activity?: TimerActivity;
};

/** Inputs closer together than this are one ACTIVITY: the cut-off counts in minutes. */
const ACTIVITY_EVERY_MS = 1_000;
const CUTOFF_MINUTES = INACTIVITY_CUTOFF_MS / 60_000;

const minutesWord = (minutes: number) => `${minutes} minute${minutes === 1 ? "" : "s"}`;

// The work timer on a patient's record, session and chat pages (issue 24, "Time capture";
// docs/billing.md, "Timer"): shown only to those who may log time (rtm create and update, the
// time log's own check, useCanLogTime). The timer itself lives above the pages (work-timer-machines.ts); the bar renders it.
export function WorkTimerBar({ patientId, patientName, activity = "review" }: WorkTimerBarProps) {
  const canLog = useCanLogTime();
  const standing = useSessionStanding();
  // A session that ended (sign-out, expiry) stops the timer; nothing is shown to whoever comes next.
  useEffect(() => {
    if (standing !== "signedIn") leaveAnyPatient();
  }, [standing]);
  return canLog && standing === "signedIn" ? <AttachedTimer patientId={patientId} patientName={patientName} activity={activity} /> : null;
}

function useTimerEffects(patientName: string): WorkTimerEffects {
  const queryClient = useQueryClient();
  const { adapters } = useServices();
  const api = timeLogApiOf(adapters.client);
  const who = patientName === "" ? "this patient" : patientName;
  // Read when the outcome arrives: after a sign-out nobody is told a patient's name.
  const signedIn = () => adapters.credentials.read().phase === "authenticated";
  return {
    saveEntry: async ({ patientId, entry }) => {
      // After a sign-out nothing is sent: there is no session to send it with.
      if (!signedIn()) throw new Error("work timer: the session ended before the time was logged");
      const saved = await api.createTimeEntry(patientId, entry);
      // The time log of any month shows the new entry (its month is the server's to decide).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timeEntriesKey(patientId, "").slice(0, -1) }),
        // The /rtm list and month-end count the timer's minutes too.
        queryClient.invalidateQueries({ queryKey: BILLING_VIEWS_KEY }),
      ]);
      return saved;
    },
    onChange: (previous, next) => {
      const minutes = next.context.stoppedMinutes;
      if (next.status === "done") {
        // Left the patient's pages: say what happened while the same person is still signed in.
        if (!signedIn() || minutes === 0) return;
        if (next.context.failure === null) confirmChange({ title: `Time logged: ${loggedLabel(next.context.logged, minutesWord)} for ${who}` });
        else showToast({ title: `Time not logged for ${who}`, description: `${minutesWord(minutes)}: ${failureMessage(next.context.failure)} Add it in the patient's time log.`, variant: "destructive" });
        return;
      }
      if (next.matches("paused")) announceChange(`Timer paused: ${timerLabel(shownMinutes(next))} counted.`);
      else if (next.matches("running") && !previous.matches("ready")) announceChange(previous.matches("saved") ? "Timer started again." : "Timer running again.");
      else if (next.matches("stoppedForInactivity")) announceChange(`Timer stopped after ${CUTOFF_MINUTES} minutes without input: ${timerLabel(shownMinutes(next))} counted, not logged yet.`);
      else if (next.matches("saved")) {
        if (minutes === 0) announceChange("Less than a minute counted: nothing logged.");
        else confirmChange({ title: `Time logged: ${loggedLabel(next.context.logged, minutesWord)} for ${who}` });
      } else if (next.matches("failed")) {
        showToast({ title: "Time not logged", description: failureMessage(next.context.failure), variant: "destructive" });
        announceChange(`Time not logged: ${failureMessage(next.context.failure)}`);
      }
    },
  };
}

function AttachedTimer({ patientId, patientName, activity }: WorkTimerBarProps & { readonly activity: TimerActivity }) {
  const effects = useTimerEffects(patientName);
  const effectsRef = useRef(effects);
  const nameRef = useRef(patientName);
  useEffect(() => {
    effectsRef.current = effects;
    nameRef.current = patientName;
  });
  const [session, setSession] = useState<WorkTimerSession | null>(null);
  useEffect(() => {
    // The first bar of a patient starts the timer with its effects; later bars join it, and the
    // time from then on counts as this page's activity.
    const attached = attachView({ id: patientId, name: nameRef.current }, activity, {
      saveEntry: (input) => effectsRef.current.saveEntry(input),
      onChange: (previous, next) => effectsRef.current.onChange(previous, next),
    });
    // The running bar takes the placeholder's place in a render of its own, in slices (issue 35, blocking time).
    startTransition(() => setSession(attached));
    return () => detachView(attached);
  }, [patientId, activity]);

  const lastInput = useRef(Number.NEGATIVE_INFINITY);
  useActivitySignals(() => {
    const at = Date.now();
    if (session === null || at - lastInput.current < ACTIVITY_EVERY_MS) return;
    lastInput.current = at;
    session.actor.send({ type: "timer.activity", at });
  });
  // Until the timer is attached its place stays held, as it was while this chunk loaded.
  return session === null ? <WorkTimerPlaceholder patientName={patientName} activity={activity} /> : <TimerView session={session} patientName={patientName} />;
}

const viewOf = (snapshot: WorkTimerSnapshot) => ({
  state: snapshot.status === "done" ? "ended" : String(snapshot.value),
  minutes: shownMinutes(snapshot),
  name: snapshot.context.patient?.name ?? "",
  activity: snapshot.context.activity,
  logged: snapshot.context.logged,
  inactiveSince: snapshot.context.inactiveSince,
  failure: snapshot.context.failure,
  canStop: snapshot.can({ type: "timer.stop", at: snapshot.context.now }),
});
const sameView = (a: ReturnType<typeof viewOf>, b: ReturnType<typeof viewOf>) =>
  a.state === b.state &&
  a.minutes === b.minutes &&
  a.name === b.name &&
  a.activity === b.activity &&
  a.logged === b.logged &&
  a.inactiveSince === b.inactiveSince &&
  a.failure === b.failure &&
  a.canStop === b.canStop;

function TimerView({ session, patientName }: { readonly session: WorkTimerSession; readonly patientName: string }) {
  const view = useSelector(session.actor, viewOf, sameView);
  const { actor } = session;
  const who = view.name !== "" ? view.name : patientName !== "" ? patientName : "this patient";
  const time = timerLabel(view.minutes);
  const logged = loggedLabel(view.logged, timerLabel);
  const send = (type: "timer.pause" | "timer.resume" | "timer.stop") => actor.send({ type, at: Date.now() });
  if (view.state === "ended") return null;
  if (view.state === "ready") return <WorkTimerPlaceholder patientName={patientName} activity={view.activity} />;

  const words: Record<string, { status: string; detail: string }> = {
    running: runningWords(who, view.minutes, view.activity),
    paused: { status: `Timer paused on ${who}: ${time}`, detail: "Paused time is not counted." },
    stoppedForInactivity: {
      status: `Timer stopped: no input for ${CUTOFF_MINUTES} minutes. ${time} counted on ${who}, not logged yet.`,
      detail: view.inactiveSince === null ? "Resume to go on, or stop and log." : `Counted up to your last input at ${clockLabel(view.inactiveSince)}. Resume to go on, or stop and log.`,
    },
    saving: { status: `Logging ${logged} for ${who}…`, detail: "" },
    saved: view.minutes === 0 ? { status: "Less than a minute counted: nothing logged.", detail: "" } : { status: `Logged ${logged} for ${who}.`, detail: "" },
    failed: { status: `${time} not logged for ${who}.`, detail: failureMessage(view.failure) },
  };
  const shown = words[view.state] ?? { status: "", detail: "" };

  return (
    <WorkTimerFrame status={shown.status} detail={shown.detail}>
      {view.state === "running" ? (
        <Button variant="secondary" onPress={() => send("timer.pause")}>
          Pause
        </Button>
      ) : view.state === "paused" || view.state === "stoppedForInactivity" ? (
        <Button variant="secondary" onPress={() => send("timer.resume")}>
          Resume
        </Button>
      ) : view.state === "saved" ? (
        <Button variant="secondary" onPress={() => send("timer.resume")}>
          Start timing again
        </Button>
      ) : null}
      {view.state === "failed" ? (
        <Button variant="secondary" onPress={() => actor.send({ type: "timer.retry" })}>
          Try again
        </Button>
      ) : view.state === "saved" ? null : (
        <Button variant="secondary" isDisabled={!view.canStop} onPress={() => send("timer.stop")}>
          Stop and log
        </Button>
      )}
    </WorkTimerFrame>
  );
}
