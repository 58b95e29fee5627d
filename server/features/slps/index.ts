// The staff (SLPs) feature's server side: the institution's staff list, one SLP, inviting,
// editing, status changes with the caseload handover, and their invitation links.
export { registerStaffRoutes } from "./staff-api.ts";
