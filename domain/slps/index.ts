// What other features may use of the SLPs (staff) feature; everything else in this folder is its own.
export * from "./staff-wire.ts";
// The staff list call: the SLPs list and the patient form's SLP picker (patients) both make it.
export { listStaffEndpoint } from "./staff-endpoints.ts";
