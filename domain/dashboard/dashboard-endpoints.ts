import { PatientDashboardQuery, PatientDashboardResponse } from "../patients/index.ts";
import { endpoint } from "../shared/wire/endpoint.ts";
import { DashboardOverviewQuery, DashboardOverviewResponse } from "./dashboard-overview-wire.ts";

/** GET patients/dashboard/: one page of the caller's patients with games to review (spec section 7). */
export const patientsDashboardEndpoint = endpoint({
  method: "GET",
  path: "/api/patients/dashboard/",
  query: PatientDashboardQuery,
  answer: PatientDashboardResponse,
  slashOptional: true,
});

/** GET dashboard/overview/: the week's figures of the administrator's institution (the super administrator's: every one, or one). */
export const dashboardOverviewEndpoint = endpoint({
  method: "GET",
  path: "/api/dashboard/overview/",
  query: DashboardOverviewQuery,
  answer: DashboardOverviewResponse,
  slashOptional: true,
});
