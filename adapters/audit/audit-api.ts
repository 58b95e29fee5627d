import * as Schema from "effect/Schema";
import { type AuditAlerts, AuditAlertsQuery } from "../../domain/audit/audit-alerts.ts";
import {
  auditAlertsEndpoint,
  auditEventsEndpoint,
  auditExportEndpoint,
  auditReviewCreateEndpoint,
  auditReviewsEndpoint,
  patientAccessEndpoint,
  personActivityEndpoint,
} from "../../domain/audit/audit-endpoints.ts";
import { auditPeopleEndpoint } from "../../domain/audit/audit-people-endpoints.ts";
import type { AuditPeople, AuditPeopleQuery } from "../../domain/audit/audit-people-wire.ts";
import {
  type AuditEventsPage,
  AuditEventsQuery,
  type AuditExport,
  type AuditReview,
  type AuditReviewBody,
  type AuditReviews,
  type PatientAccessReport,
  PatientAccessQuery,
  type PersonActivityReport,
  PersonActivityQuery,
} from "../../domain/audit/audit-wire.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// The audit log viewer's calls (issue 38, docs/audit-viewer.md), declared beside their one (HTTP)
// implementation. The page hands the query as its address holds it (text); it is decoded here with
// the endpoint's own schema, so a value the server would refuse never leaves.

/** A query as the address writes it: names to text. */
export type AddressQuery = Readonly<Record<string, string>>;

/** Every call rejects with an ApiFailure (or a decoding error for a query that cannot be sent). */
export type AuditApi = {
  readonly listEvents: (query: AddressQuery, signal?: AbortSignal) => Promise<AuditEventsPage>;
  /** The filtered rows as CSV with the file's name (asked as JSON, so the file comes through the decoded call). */
  readonly exportEvents: (query: AddressQuery, signal?: AbortSignal) => Promise<AuditExport>;
  readonly patientAccess: (query: AddressQuery, signal?: AbortSignal) => Promise<PatientAccessReport>;
  readonly personActivity: (query: AddressQuery, signal?: AbortSignal) => Promise<PersonActivityReport>;
  readonly listReviews: (signal?: AbortSignal) => Promise<AuditReviews>;
  readonly signOff: (body: AuditReviewBody) => Promise<AuditReview>;
  readonly alerts: (query: AddressQuery, signal?: AbortSignal) => Promise<AuditAlerts>;
  /** The people the person filter offers: by name, or the one a user id names. */
  readonly people: (query: AuditPeopleQuery, signal?: AbortSignal) => Promise<AuditPeople>;
};

const decodeEvents = Schema.decodeUnknownSync(AuditEventsQuery);
const decodeAccess = Schema.decodeUnknownSync(PatientAccessQuery);
const decodeActivity = Schema.decodeUnknownSync(PersonActivityQuery);
const decodeAlerts = Schema.decodeUnknownSync(AuditAlertsQuery);

export const createAuditApi = (client: ApiClient): AuditApi => ({
  listEvents: (query, signal) => client.call(auditEventsEndpoint, { query: decodeEvents(query), signal }),
  exportEvents: (query, signal) => client.call(auditExportEndpoint, { query: decodeEvents(query), signal }),
  patientAccess: (query, signal) => client.call(patientAccessEndpoint, { query: decodeAccess(query), signal }),
  personActivity: (query, signal) => client.call(personActivityEndpoint, { query: decodeActivity(query), signal }),
  listReviews: (signal) => client.call(auditReviewsEndpoint, { signal }),
  signOff: (body) => client.call(auditReviewCreateEndpoint, { body }),
  alerts: (query, signal) => client.call(auditAlertsEndpoint, { query: decodeAlerts(query), signal }),
  people: (query, signal) => client.call(auditPeopleEndpoint, { query, signal }),
});

/** The audit viewer's calls of the app's client, made once, from the lazy page (and the dashboard's last review). */
export const auditApiOf = perClient(createAuditApi);
