import { endpoint } from "../shared/wire/endpoint.ts";
import { MonthExport, MonthLockAnswer, MonthLockBody, MonthPathParams, MonthState } from "./month-close-wire.ts";

// Month-end (issue 24, docs/billing.md "Month-end"), declared once for the server's routes and the adapter's calls.

/** GET rtm/months/{month}/: the month's lock state and totals for the caller. */
export const monthStateEndpoint = endpoint({
  method: "GET",
  path: "/api/rtm/months/:month/",
  params: MonthPathParams,
  answer: MonthState,
});

/** POST rtm/months/{month}/lock/: locks an ended month for the caller's institution (again: the existing lock). */
export const monthLockEndpoint = endpoint({
  method: "POST",
  path: "/api/rtm/months/:month/lock/",
  params: MonthPathParams,
  body: MonthLockBody,
  answer: MonthLockAnswer,
});

/**
 * GET rtm/months/{month}/export.csv: the month's claim lines of the caller's slice as text/csv
 * (an attachment); asked with Accept: application/json, the same file as MonthExport.
 */
export const monthExportEndpoint = endpoint({
  method: "GET",
  path: "/api/rtm/months/:month/export.csv",
  params: MonthPathParams,
  answer: MonthExport,
});
