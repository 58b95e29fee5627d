import { endpoint } from "../shared/wire/endpoint.ts";
import { VersionOnlyBody } from "../shared/wire/record-version.ts";
import {
  STAFF_CREATE_FIELD_CODES,
  StaffCreateBody,
  StaffLeaveBody,
  StaffListQuery,
  StaffListResponse,
  StaffMember,
  StaffPatchBody,
  StaffPathParams,
} from "./staff-wire.ts";

// The staff (SLPs) calls of spec section 7 and their invitations (docs/administration.md,
// docs/invitations.md), declared once for the server's routes and the adapter's calls.

/** GET staff/: one page of the caller's institution's SLPs by name (the SLPs list, the patient form's SLP picker). */
export const listStaffEndpoint = endpoint({
  method: "GET",
  path: "/api/staff/",
  query: StaffListQuery,
  answer: StaffListResponse,
});

/** GET staff/{id}/: one SLP with contact information, invitation and caseload. */
export const getStaffEndpoint = endpoint({
  method: "GET",
  path: "/api/staff/:id/",
  params: StaffPathParams,
  answer: StaffMember,
});

/** POST staff/: invite a new SLP (pending, role staff) to the caller's institution; they get an e-mailed link. */
export const createStaffEndpoint = endpoint({
  method: "POST",
  path: "/api/staff/",
  body: StaffCreateBody,
  bodyCodes: STAFF_CREATE_FIELD_CODES,
  answer: StaffMember,
});

/** PATCH staff/{id}/: names and contact information, and the e-mail while pending (a new link goes to the new address). */
export const updateStaffEndpoint = endpoint({
  method: "PATCH",
  path: "/api/staff/:id/",
  params: StaffPathParams,
  body: StaffPatchBody,
  answer: StaffMember,
});

/** PUT staff/{id}/activate/: make a pending or inactive SLP active. */
export const activateStaffEndpoint = endpoint({
  method: "PUT",
  path: "/api/staff/:id/activate/",
  params: StaffPathParams,
  body: VersionOnlyBody,
  answer: StaffMember,
});

/** PUT staff/{id}/inactivate/: make an SLP inactive; their patients move to the SLP named in `reassign_to` in the same change. */
export const inactivateStaffEndpoint = endpoint({
  method: "PUT",
  path: "/api/staff/:id/inactivate/",
  params: StaffPathParams,
  body: StaffLeaveBody,
  answer: StaffMember,
});

/** DELETE staff/{id}/: remove a pending or inactive SLP (a soft delete); their patients move to the SLP named in `reassign_to`. */
export const deleteStaffEndpoint = endpoint({
  method: "DELETE",
  path: "/api/staff/:id/",
  params: StaffPathParams,
  body: StaffLeaveBody,
});

/** POST staff/{id}/invitation/: send a pending SLP a new link; the old one stops working. */
export const resendStaffInvitationEndpoint = endpoint({
  method: "POST",
  path: "/api/staff/:id/invitation/",
  params: StaffPathParams,
  // None, or the version of the record the administrator saw (a POST always declares its body).
  body: VersionOnlyBody,
  answer: StaffMember,
});

/** DELETE staff/{id}/invitation/: withdraw a pending SLP's link; the account stays pending until a new one is sent or it is deleted. */
export const revokeStaffInvitationEndpoint = endpoint({
  method: "DELETE",
  path: "/api/staff/:id/invitation/",
  params: StaffPathParams,
  answer: StaffMember,
});
