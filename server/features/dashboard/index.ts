// The dashboard feature's server side: the SLP's patients dashboard and the administrators' overview.
export { registerDashboardOverviewRoutes } from "./dashboard-overview.ts";
export { registerPatientDashboardRoutes } from "./patients-dashboard.ts";
