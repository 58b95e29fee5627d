// The staff (SLPs) feature's server side: the institution's staff list.
export { registerStaffRoutes } from "./staff-list-route.ts";
