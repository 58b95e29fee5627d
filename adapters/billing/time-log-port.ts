import type { CallCreateBody, CallRecord, TimeEntry, TimeEntryCreateBody, TimeEntryDeleteBody, TimeEntryPatchBody, TimeEntryRevision } from "../../domain/billing/time-log-wire.ts";
import type { TimeEntryId } from "../../domain/billing/billing-ids.ts";
import type { PatientId } from "../../domain/shared/ids.ts";

// The port of a patient's time log and call log (issue 24, "Time capture"); time-log-api.ts is its HTTP side.

/** Every call rejects with an ApiFailure (a stale version is a 412). `month` is "YYYY-MM". */
export type TimeLogApi = {
  readonly listTimeEntries: (patientId: PatientId, month: string, signal?: AbortSignal) => Promise<readonly TimeEntry[]>;
  readonly createTimeEntry: (patientId: PatientId, body: TimeEntryCreateBody) => Promise<TimeEntry>;
  readonly patchTimeEntry: (id: TimeEntryId, body: TimeEntryPatchBody) => Promise<TimeEntry>;
  readonly deleteTimeEntry: (id: TimeEntryId, body: TimeEntryDeleteBody) => Promise<void>;
  /** The entry's corrections and removal, newest first. */
  readonly timeEntryHistory: (id: TimeEntryId, signal?: AbortSignal) => Promise<readonly TimeEntryRevision[]>;
  readonly listCalls: (patientId: PatientId, month: string, signal?: AbortSignal) => Promise<readonly CallRecord[]>;
  readonly createCall: (patientId: PatientId, body: CallCreateBody) => Promise<CallRecord>;
};
