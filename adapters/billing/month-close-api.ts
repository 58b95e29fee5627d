import { monthExportEndpoint, monthLockEndpoint, monthStateEndpoint } from "../../domain/billing/month-close-endpoints.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { MonthCloseApi } from "./month-close-port.ts";

/**
 * The month-end calls on the given client (Bearer), each a declared endpoint. The export is asked
 * as JSON (the client's Accept), so the file comes back with its name through the same decoded call.
 */
export const createMonthCloseApi = (client: ApiClient): MonthCloseApi => ({
  monthState: (month, signal) => client.call(monthStateEndpoint, { params: { month }, signal }),
  lockMonth: (month) => client.call(monthLockEndpoint, { params: { month }, body: {} }),
  exportMonth: (month, signal) => client.call(monthExportEndpoint, { params: { month }, signal }),
});

/** The month-end calls of the app's client, made once, from the lazy page. */
export const monthCloseApiOf = perClient(createMonthCloseApi);
