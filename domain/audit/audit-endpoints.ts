import { endpoint } from "../shared/wire/endpoint.ts";
import { AuditAlerts, AuditAlertsQuery } from "./audit-alerts.ts";
import {
  AuditEventsPage,
  AuditEventsQuery,
  AuditExport,
  AuditReview,
  AuditReviewBody,
  AuditReviews,
  PatientAccessQuery,
  PatientAccessReport,
  PersonActivityQuery,
  PersonActivityReport,
} from "./audit-wire.ts";

// The audit log viewer's calls (issue 38, docs/audit-viewer.md), declared once for the server's
// routes and the adapter's calls.

/** GET audit/events/: one page of the caller's audit log, filtered and sorted, paged by keys. */
export const auditEventsEndpoint = endpoint({ method: "GET", path: "/api/audit/events/", query: AuditEventsQuery, answer: AuditEventsPage });

/**
 * GET audit/events.csv: the same filters over a period of at most a year, every matching row as
 * text/csv (streamed); with Accept: application/json the same file in a JSON envelope.
 */
export const auditExportEndpoint = endpoint({ method: "GET", path: "/api/audit/events.csv", query: AuditEventsQuery, answer: AuditExport });

/** GET audit/reports/patient-access/: who accessed one patient's record in a period of at most a year. */
export const patientAccessEndpoint = endpoint({ method: "GET", path: "/api/audit/reports/patient-access/", query: PatientAccessQuery, answer: PatientAccessReport });

/** GET audit/reports/person-activity/: what one person did in a period of at most a year. */
export const personActivityEndpoint = endpoint({ method: "GET", path: "/api/audit/reports/person-activity/", query: PersonActivityQuery, answer: PersonActivityReport });

/** GET audit/reviews/: the latest review sign-offs of the caller's log, newest first. */
export const auditReviewsEndpoint = endpoint({ method: "GET", path: "/api/audit/reviews/", answer: AuditReviews });

/** POST audit/reviews/: signs off a reviewed period with notes. */
export const auditReviewCreateEndpoint = endpoint({ method: "POST", path: "/api/audit/reviews/", body: AuditReviewBody, answer: AuditReview });

/** GET audit/alerts/: how many rows each saved alert finds in a period of at most a year. */
export const auditAlertsEndpoint = endpoint({ method: "GET", path: "/api/audit/alerts/", query: AuditAlertsQuery, answer: AuditAlerts });
