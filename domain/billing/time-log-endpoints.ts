import { PatientPathParams } from "../patients/index.ts";
import { endpoint } from "../shared/wire/endpoint.ts";
import {
  CallCreateBody,
  CallList,
  CallRecord,
  MonthQuery,
  TimeEntry,
  TimeEntryCreateBody,
  TimeEntryDeleteBody,
  TimeEntryHistory,
  TimeEntryList,
  TimeEntryPatchBody,
  TimeEntryPathParams,
} from "./time-log-wire.ts";

// The time log and call log of a patient (issue 24, docs/billing.md "Time log"), declared once for
// the server's routes and the adapter's calls.

/** GET patients/{id}/rtm/time-entries/?month=: the month's live entries, oldest first. */
export const timeEntryListEndpoint = endpoint({
  method: "GET",
  path: "/api/patients/:id/rtm/time-entries/",
  params: PatientPathParams,
  query: MonthQuery,
  answer: TimeEntryList,
});

/** POST patients/{id}/rtm/time-entries/: a manual entry by the caller. */
export const timeEntryCreateEndpoint = endpoint({
  method: "POST",
  path: "/api/patients/:id/rtm/time-entries/",
  params: PatientPathParams,
  body: TimeEntryCreateBody,
  answer: TimeEntry,
});

/** PATCH rtm/time-entries/{id}/: a correction with its reason. */
export const timeEntryPatchEndpoint = endpoint({
  method: "PATCH",
  path: "/api/rtm/time-entries/:id/",
  params: TimeEntryPathParams,
  body: TimeEntryPatchBody,
  answer: TimeEntry,
});

/** DELETE rtm/time-entries/{id}/: removes an entry from the log (kept for the audit), with its reason; 204. */
export const timeEntryDeleteEndpoint = endpoint({
  method: "DELETE",
  path: "/api/rtm/time-entries/:id/",
  params: TimeEntryPathParams,
  body: TimeEntryDeleteBody,
});

/** GET rtm/time-entries/{id}/history/: the entry's corrections and removal, newest first, with who, when, why and what changed. */
export const timeEntryHistoryEndpoint = endpoint({
  method: "GET",
  path: "/api/rtm/time-entries/:id/history/",
  params: TimeEntryPathParams,
  answer: TimeEntryHistory,
});

/** GET patients/{id}/rtm/calls/?month=: the month's calls, by day. */
export const callListEndpoint = endpoint({
  method: "GET",
  path: "/api/patients/:id/rtm/calls/",
  params: PatientPathParams,
  query: MonthQuery,
  answer: CallList,
});

/** POST patients/{id}/rtm/calls/: a live call. */
export const callCreateEndpoint = endpoint({
  method: "POST",
  path: "/api/patients/:id/rtm/calls/",
  params: PatientPathParams,
  body: CallCreateBody,
  answer: CallRecord,
});
