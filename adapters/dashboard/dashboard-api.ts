import { dashboardOverviewEndpoint, patientsDashboardEndpoint } from "../../domain/dashboard/dashboard-endpoints.ts";
import type { ApiClient } from "../shared/api-client.ts";
import type { DashboardApi } from "./dashboard-port.ts";
import { perClient } from "../shared/per-client.ts";

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
