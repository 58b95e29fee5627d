import {
  callCreateEndpoint,
  callListEndpoint,
  timeEntryCreateEndpoint,
  timeEntryDeleteEndpoint,
  timeEntryHistoryEndpoint,
  timeEntryListEndpoint,
  timeEntryPatchEndpoint,
} from "../../domain/billing/time-log-endpoints.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { TimeLogApi } from "./time-log-port.ts";

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
