import { monthLockMachine } from "../billing/month-lock.machine.ts";
import { workTimerMachine } from "../billing/work-timer.machine.ts";
import type { MachineDoc } from "./machine-doc.ts";

/** Billing's own machines' pages of docs/machines/ (its forms are drawn as the create-form). */
export const BILLING_MACHINE_DOCS: readonly MachineDoc[] = [
  {
    path: "docs/machines/work-timer.md",
    title: "Work timer (treatment-management time)",
    summary:
      "Counts the time an SLP works on one patient's record, session review and chat thread (issue 24, \"Time capture\"), each stretch as the activity of the page it ran on (`review`, or `messaging` on the patient's chat), pausable, stopped by itself after five minutes without input, and logs each activity's whole minutes as time entries when the SLP stops it or leaves the patient's pages.",
    notes: [
      "Every event that moves time carries its instant `at` (epoch ms), read from the page's clock where the event is made: `timer.start { patient, activity, at }`, `timer.activity` (key, pointer or scroll, throttled by the page), `timer.tick` (the page's beat), `timer.pause`, `timer.resume`, `timer.stop`, `timer.leave`; `timer.retry` after a failed save. Guards never read a clock.",
      "The rules are domain/billing/work-timer.ts: a stretch runs from start or resume to pause, stop or leave; once five minutes (`INACTIVITY_CUTOFF_MS`) pass without input, a tick ends it at the last input (`stoppedForInactivity`) and the idle time is not counted; input alone does not restart it, `timer.resume` does.",
      "A stop or a leave turns the counted time into entries (`timerEntries`), per activity: that activity's stretches summed in whole minutes (never rounded up), its note (`TIMER_NOTES`), start = that activity's first stretch (or right after an earlier activity's entries when they still cover it, so entries never overlap); over 600 minutes, back-to-back entries of at most 600. Under one minute of an activity logs none of it; under one minute in all logs nothing (`saved` with 0 minutes, or `ended` on leaving). `logged` keeps the minutes per activity for the page to say.",
      "Actor (provided by ui/features/billing/work-timer/ from the time-log port): `saveEntry({ patientId, entry })`, POST patients/{id}/rtm/time-entries/, one entry at a time; a refusal rests in `failed` with the unsent entries in `pending` (`timer.retry` sends only those). After `timer.leave` the timer ends once saved, or ends with `failure` and `pending` kept for the page to tell.",
      "The patient's pages: each timer bar sends `timer.attach { activity, at }` while shown and `timer.detach { at }` when it goes (any state). The attach sets the context's `activity` (the page shown; a resume starts a stretch of it); while `running`, a bar of another activity ends the stretch at `at` and starts one of its activity (`switchActivity`), unless the cut-off has passed: then it stops into `stoppedForInactivity` like a tick. When the last bar goes the timer raises its own `timer.leave { at }` after `LEAVE_GRACE` (15 s, the next page of the same patient loading), with `at` the moment the bar went; a bar that comes back first cancels it.",
      "Actor `ticker` (provided by the page: its clock): invoked while `running`, it sends `timer.tick { at }` every `TICK_MS` (1 s), so the cut-off is noticed; the machine reads no clock itself.",
    ],
    source: "machines/billing/work-timer.machine.ts",
    machine: workTimerMachine,
  },
  {
    path: "docs/machines/month-lock.md",
    title: "Month lock (month-end)",
    summary:
      "Locks a month for the institution from the month-end page (issue 24, docs/billing.md \"Month-end\"): Lock month asks for a confirmation naming the month, and only a confirmed lock is sent.",
    notes: [
      "`lock.ask { state }` carries the month's state as the page shows it; the guard is the domain's `lockAvailability` (domain/billing/month-end-view.ts): an ended month that is still open. The page disables the button with the same rule's reason.",
      "Actor (provided in ui/features/billing/month-end-machines.ts): `lockMonth({ month })`, POST rtm/months/{month}/lock/ for the month asked about. Its answer runs `locked` (the page confirms `<Month> locked`; the summary and the /rtm list read again) and forgets an earlier failure; a refusal rests in `idle` with `failure`, shown as the page's alert.",
      "`lock.cancel` while `locking` only hides the confirmation (`locking.hidden`): the lock already sent still answers, and its outcome is still told.",
    ],
    source: "machines/billing/month-lock.machine.ts",
    machine: monthLockMachine,
  },
];
