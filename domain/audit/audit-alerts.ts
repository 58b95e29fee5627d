import * as Schema from "effect/Schema";
import { CalendarDate, IsoDateTime } from "../shared/wire/dates.ts";
import type { AuditFilterValues } from "./audit-view.ts";

/**
 * The saved alerts of the audit log (issue 38, docs/audit-viewer.md "Saved alerts"): queries a
 * reviewer runs every week, listed on the page with how many rows each found in the period and,
 * where a filter shows them, the way to those rows.
 */
export const AUDIT_ALERT = {
  afterHours: "after_hours",
  bulkExports: "bulk_exports",
  failedSignIns: "failed_sign_ins",
  privilegeChanges: "privilege_changes",
  outsideCaseload: "outside_caseload",
} as const;
export type AuditAlertId = (typeof AUDIT_ALERT)[keyof typeof AUDIT_ALERT];
export const AUDIT_ALERTS: readonly AuditAlertId[] = Object.values(AUDIT_ALERT);

/** Working hours on the institution's clocks, Monday to Friday: access outside them is flagged. */
export const WORKING_HOURS = { start: 7, end: 19 } as const;
/** Failed sign-ins of one account (or one address) this close together make a burst. */
export const FAILED_SIGN_IN_BURST = { count: 5, minutes: 10 } as const;

/** What each alert is called, what it finds, and the list filter that shows its rows (null: none does). */
export const ALERT_TEXT: Readonly<Record<AuditAlertId, { readonly title: string; readonly finds: string; readonly filter: AuditFilterValues | null }>> = {
  after_hours: {
    title: "Access outside working hours",
    finds: `Allowed reads and changes by signed-in people before ${WORKING_HOURS.start}:00, from ${WORKING_HOURS.end}:00, or at weekends, on the institution's clocks`,
    filter: null,
  },
  bulk_exports: { title: "Exports", finds: "Every export of records: billing months, the audit log", filter: { action: "export" } },
  failed_sign_ins: {
    title: "Repeated failed sign-ins",
    finds: `Failed passwords of one account or one address, ${FAILED_SIGN_IN_BURST.count} or more within ${FAILED_SIGN_IN_BURST.minutes} minutes`,
    filter: { action: "auth.password", outcome: "failure" },
  },
  privilege_changes: {
    title: "Privilege changes",
    finds: "Administrators and SLPs created, activated, deactivated or deleted, and second factors removed",
    filter: null,
  },
  outside_caseload: {
    title: "Access outside an SLP's caseload",
    finds: "Allowed reads and changes by SLPs of a patient not assigned to them now; the access rules should make this impossible, so any row is a rule letting it through (or a patient reassigned since)",
    filter: null,
  },
};

export const AuditAlertCount = Schema.Struct({ id: Schema.Literals(AUDIT_ALERTS), rows: Schema.Int, last_at: Schema.NullOr(IsoDateTime) });
export type AuditAlertCount = typeof AuditAlertCount.Type;

/** ?from=&to= of audit/alerts/: the period the alerts run over (at most a year). */
export const AuditAlertsQuery = Schema.Struct({ from: CalendarDate, to: CalendarDate });
export type AuditAlertsQuery = typeof AuditAlertsQuery.Type;

/** Every saved alert with how many rows it found in the period and the last one's time. */
export const AuditAlerts = Schema.Struct({ from: CalendarDate, to: CalendarDate, alerts: Schema.Array(AuditAlertCount) });
export type AuditAlerts = typeof AuditAlerts.Type;
