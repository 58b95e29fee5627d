import type { MonthExport, MonthLockAnswer, MonthState } from "../../domain/billing/month-close-wire.ts";

// The port of month-end (issue 24, docs/billing.md "Month-end"); month-close-api.ts is its HTTP side.

/** Every call rejects with an ApiFailure. `month` is "YYYY-MM". */
export type MonthCloseApi = {
  readonly monthState: (month: string, signal?: AbortSignal) => Promise<MonthState>;
  readonly lockMonth: (month: string) => Promise<MonthLockAnswer>;
  /** The month's CSV of the caller's patients with its file name (draft while the month is open). */
  readonly exportMonth: (month: string, signal?: AbortSignal) => Promise<MonthExport>;
};
