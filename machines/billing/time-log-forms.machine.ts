import { type CallDraft, checkCall, checkEntry, type EntryDraft } from "../../domain/billing/time-log-panel.ts";
import type { CallRecord, TimeActivity, TimeEntry } from "../../domain/billing/time-log-wire.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusal } from "../shared/form-refusal.ts";

// The two forms of a patient's time log (issue 24 "Time capture", issue 31 items 10 and 15): a
// time entry (new, or a correction with its reason) and a live call, each on the shared create-form
// machine with the domain's check on the institution's calendar (its zone), the server's own rule.

export type EntryField = "activity" | "date" | "time" | "minutes" | "note" | "reason";
export type CallField = "date" | "minutes" | "participants";

/** What a checked entry sends. */
export type CheckedEntry = { readonly activity: TimeActivity; readonly start: string; readonly minutes: number };
/** What a checked call sends. */
export type CheckedCall = { readonly minutes: number };

/** The server names the start `start`; the form shows it under the date. A stale version is no field's: the page says so. */
const ENTRY_FIELD_OF: Readonly<Record<string, EntryField>> = { activity: "activity", start: "date", minutes: "minutes", note: "note", reason: "reason" };
const CALL_FIELD_OF: Readonly<Record<string, CallField>> = { date: "date", minutes: "minutes", participants: "participants" };

/** The time-entry form: its start read on the institution's clocks (`timeZone`), a reason asked when `correcting`. */
export const createTimeEntryFormMachine = ({ timeZone, correcting }: { readonly timeZone: string; readonly correcting: boolean }) =>
  createCreateFormMachine<EntryDraft, CheckedEntry, EntryField, TimeEntry>({
    id: "timeEntryForm",
    check: (draft, now) => {
      const checked = checkEntry(draft, correcting, now, timeZone);
      return checked.ok ? { ok: true, value: { activity: checked.activity, start: checked.start, minutes: checked.minutes } } : checked;
    },
    fieldOfFailure: fieldOfRefusal(ENTRY_FIELD_OF),
  });

/** The call form: its day on the institution's calendar (`timeZone`), never after its today. */
export const createCallFormMachine = ({ timeZone }: { readonly timeZone: string }) =>
  createCreateFormMachine<CallDraft, CheckedCall, CallField, CallRecord>({
    id: "callForm",
    check: (draft, now) => {
      const checked = checkCall(draft, now, timeZone);
      return checked.ok ? { ok: true, value: { minutes: checked.minutes } } : checked;
    },
    fieldOfFailure: fieldOfRefusal(CALL_FIELD_OF),
  });

export type TimeEntryFormMachine = ReturnType<typeof createTimeEntryFormMachine>;
export type CallFormMachine = ReturnType<typeof createCallFormMachine>;
