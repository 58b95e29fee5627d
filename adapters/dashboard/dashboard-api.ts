import { DashboardOverviewResponse } from "../../domain/dashboard/dashboard-overview-wire.ts";
import { PatientDashboardResponse } from "../../domain/patients/index.ts";
import type { ApiClient } from "../shared/api-client.ts";
import type { DashboardApi } from "./dashboard-port.ts";
import { perClient } from "../shared/per-client.ts";

/** Dashboard calls on the given client (Bearer), paths with trailing slashes like the rest of the API. */
export const createDashboardApi = (client: ApiClient): DashboardApi => ({
  getPatientsDashboard: ({ search, page, pageSize }) => {
    const text = search?.trim() ?? "";
    return client.get("/api/patients/dashboard/", {
      schema: PatientDashboardResponse,
      query: { page, page_size: pageSize, search: text === "" ? undefined : text },
    });
  },
  getOverview: (request = {}) =>
    client.get("/api/dashboard/overview/", { schema: DashboardOverviewResponse, query: { institution: request.institution } }),
});

/** The dashboard calls of the app's client, made once, from the lazy signed-in pages. */
export const dashboardApiOf = perClient(createDashboardApi);
