import { dashboardOverviewEndpoint, patientsDashboardEndpoint } from "../../domain/dashboard/dashboard-endpoints.ts";
import type { InstitutionId } from "../../domain/shared/ids.ts";
import type { DashboardOverviewResponse } from "../../domain/dashboard/dashboard-overview-wire.ts";
import type { PatientDashboardResponse } from "../../domain/patients/index.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// What the dashboards' data hooks depend on, declared beside its one (HTTP) implementation.

/** What the SLP dashboard asks for: an optional search (blank means none) and one page. */
export type PatientsDashboardRequest = {
  readonly search?: string;
  readonly page: number;
  readonly pageSize: number;
};

/** What the administrators' overview asks for: the super administrator may narrow it to one institution. */
export type OverviewRequest = {
  readonly institution?: InstitutionId;
};

/** The dashboard calls; each rejects with an ApiFailure. */
export type DashboardApi = {
  /** One page of the SLP's (or, for administrators, the institution's) patients with games to review. */
  readonly getPatientsDashboard: (request: PatientsDashboardRequest) => Promise<PatientDashboardResponse>;
  /** The week's figures for the administrator's institution, or every institution for the super administrator. */
  readonly getOverview: (request?: OverviewRequest) => Promise<DashboardOverviewResponse>;
};

/** Dashboard calls on the given client (Bearer), paths with trailing slashes like the rest of the API. */
export const createDashboardApi = (client: ApiClient): DashboardApi => ({
  getPatientsDashboard: ({ search, page, pageSize }) => {
    const text = search?.trim() ?? "";
    return client.call(patientsDashboardEndpoint, { query: { page, page_size: pageSize, ...(text === "" ? {} : { search: text }) } });
  },
  getOverview: (request = {}) =>
    client.call(dashboardOverviewEndpoint, { query: request.institution === undefined ? {} : { institution: request.institution } }),
});

/** The dashboard calls of the app's client, made once, from the lazy signed-in pages. */
export const dashboardApiOf = perClient(createDashboardApi);
