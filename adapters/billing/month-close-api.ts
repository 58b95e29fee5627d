import { monthExportEndpoint, monthLockEndpoint, monthStateEndpoint } from "../../domain/billing/month-close-endpoints.ts";
import type { MonthExport, MonthLockAnswer, MonthState } from "../../domain/billing/month-close-wire.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// Month-end (issue 24, docs/billing.md "Month-end"), declared beside its one (HTTP) implementation.

/** Every call rejects with an ApiFailure. `month` is "YYYY-MM". */
export type MonthCloseApi = {
  readonly monthState: (month: string, signal?: AbortSignal) => Promise<MonthState>;
  readonly lockMonth: (month: string) => Promise<MonthLockAnswer>;
  /** The month's CSV of the caller's patients with its file name (draft while the month is open). */
  readonly exportMonth: (month: string, signal?: AbortSignal) => Promise<MonthExport>;
};

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
