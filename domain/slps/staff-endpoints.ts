import { endpoint } from "../shared/wire/endpoint.ts";
import { StaffListQuery, StaffListResponse } from "./staff-wire.ts";

/** GET staff/: one page of the caller's institution's SLPs by name (the SLPs list, the patient form's SLP picker). */
export const listStaffEndpoint = endpoint({
  method: "GET",
  path: "/api/staff/",
  query: StaffListQuery,
  answer: StaffListResponse,
});
