import { fromPromise } from "xstate";
import type { CallDraft, EntryDraft } from "../../../domain/billing/time-log-panel.ts";
import type { CallRecord, TimeEntry } from "../../../domain/billing/time-log-wire.ts";
import { type CheckedCall, type CheckedEntry, createCallFormMachine, createTimeEntryFormMachine } from "../../../machines/billing/time-log-forms.machine.ts";
import type { SubmitFormInput } from "../../../machines/shared/create-form.machine.ts";

// The time log's form machines get their effects here and nowhere else (docs/ui.md, "Where
// machines are provided"); the forms take the provided logic and render its actor.

/** What a time-entry form sends once its draft passed the domain's checks. */
export type SubmitEntryInput = SubmitFormInput<EntryDraft, CheckedEntry>;
/** What a call form sends once its draft passed the domain's checks. */
export type SubmitCallInput = SubmitFormInput<CallDraft, CheckedCall>;

/** The time-entry form (new or a correction) in the institution's zone, submitting through `submit` (POST or PATCH rtm/time-entries/). */
export const timeEntryFormLogicFor = (
  options: { readonly timeZone: string; readonly correcting: boolean },
  submit: (input: SubmitEntryInput) => Promise<TimeEntry>,
) => createTimeEntryFormMachine(options).provide({ actors: { submitForm: fromPromise<TimeEntry, SubmitEntryInput>(({ input }) => submit(input)) } });

/** The call form in the institution's zone, submitting through `submit` (POST rtm/calls/). */
export const callFormLogicFor = (options: { readonly timeZone: string }, submit: (input: SubmitCallInput) => Promise<CallRecord>) =>
  createCallFormMachine(options).provide({ actors: { submitForm: fromPromise<CallRecord, SubmitCallInput>(({ input }) => submit(input)) } });
