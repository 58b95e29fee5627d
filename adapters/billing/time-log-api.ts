import {
  callCreateEndpoint,
  callListEndpoint,
  timeEntryCreateEndpoint,
  timeEntryDeleteEndpoint,
  timeEntryHistoryEndpoint,
  timeEntryListEndpoint,
  timeEntryPatchEndpoint,
} from "../../domain/billing/time-log-endpoints.ts";
import type {
  CallCreateBody,
  CallRecord,
  TimeEntry,
  TimeEntryCreateBody,
  TimeEntryDeleteBody,
  TimeEntryPatchBody,
  TimeEntryRevision,
} from "../../domain/billing/time-log-wire.ts";
import type { TimeEntryId } from "../../domain/billing/billing-ids.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// A patient's time log and call log (issue 24, "Time capture"), declared beside its one (HTTP) implementation.

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

/** The time-log and call-log calls on the given client (Bearer), each the call of its declared endpoint. */
export const createTimeLogApi = (client: ApiClient): TimeLogApi => ({
  listTimeEntries: (id, month, signal) => client.call(timeEntryListEndpoint, { params: { id }, query: { month }, signal }),
  createTimeEntry: (id, body) => client.call(timeEntryCreateEndpoint, { params: { id }, body }),
  patchTimeEntry: (id, body) => client.call(timeEntryPatchEndpoint, { params: { id }, body }),
  deleteTimeEntry: async (id, body) => {
    await client.call(timeEntryDeleteEndpoint, { params: { id }, body });
  },
  timeEntryHistory: (id, signal) => client.call(timeEntryHistoryEndpoint, { params: { id }, signal }),
  listCalls: (id, month, signal) => client.call(callListEndpoint, { params: { id }, query: { month }, signal }),
  createCall: (id, body) => client.call(callCreateEndpoint, { params: { id }, body }),
});

/** The time-log calls of the app's client, made once, from the lazy billing section. */
export const timeLogApiOf = perClient(createTimeLogApi);
