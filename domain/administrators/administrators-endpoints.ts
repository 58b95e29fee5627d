import { endpoint } from "../shared/wire/endpoint.ts";
import { VersionOnlyBody } from "../shared/wire/record-version.ts";
import {
  ADMINISTRATOR_CREATE_FIELD_CODES,
  Administrator,
  AdministratorCreateBody,
  AdministratorListQuery,
  AdministratorListResponse,
  AdministratorPatchBody,
  AdministratorPathParams,
} from "./administrators-wire.ts";

// The administrators calls of spec section 7 and their invitations (docs/administration.md,
// docs/invitations.md), declared once for the server's routes and the adapter's calls.

/** GET administrators/: one page (five by default) of an institution's administrators: the super administrator names the institution, others get their own. */
export const listAdministratorsEndpoint = endpoint({
  method: "GET",
  path: "/api/administrators/",
  query: AdministratorListQuery,
  answer: AdministratorListResponse,
});

/** GET administrators/{id}/: one administrator, with their invitation while pending. */
export const getAdministratorEndpoint = endpoint({
  method: "GET",
  path: "/api/administrators/:id/",
  params: AdministratorPathParams,
  answer: Administrator,
});

/** POST administrators/: invite a new administrator (pending) to an institution; they get an e-mailed link. */
export const createAdministratorEndpoint = endpoint({
  method: "POST",
  path: "/api/administrators/",
  body: AdministratorCreateBody,
  bodyCodes: ADMINISTRATOR_CREATE_FIELD_CODES,
  answer: Administrator,
});

/** PATCH administrators/{id}/: names, and the e-mail while pending (a new link goes to the new address). */
export const updateAdministratorEndpoint = endpoint({
  method: "PATCH",
  path: "/api/administrators/:id/",
  params: AdministratorPathParams,
  body: AdministratorPatchBody,
  answer: Administrator,
});

/** PUT administrators/{id}/activate/: make a pending or inactive administrator active. */
export const activateAdministratorEndpoint = endpoint({
  method: "PUT",
  path: "/api/administrators/:id/activate/",
  params: AdministratorPathParams,
  body: VersionOnlyBody,
  answer: Administrator,
});

/** PUT administrators/{id}/inactivate/: make an administrator inactive (never the institution's last active one); their sessions end. */
export const inactivateAdministratorEndpoint = endpoint({
  method: "PUT",
  path: "/api/administrators/:id/inactivate/",
  params: AdministratorPathParams,
  body: VersionOnlyBody,
  answer: Administrator,
});

/** DELETE administrators/{id}/delete: remove a pending or inactive administrator (a soft delete: the audit trail keeps them). */
export const deleteAdministratorEndpoint = endpoint({
  method: "DELETE",
  path: "/api/administrators/:id/delete/",
  params: AdministratorPathParams,
  body: VersionOnlyBody,
  slashOptional: true,
});

/** POST administrators/{id}/invitation/: send a pending administrator a new link; the old one stops working. */
export const resendAdministratorInvitationEndpoint = endpoint({
  method: "POST",
  path: "/api/administrators/:id/invitation/",
  params: AdministratorPathParams,
  // None, or the version of the record the administrator saw (a POST always declares its body).
  body: VersionOnlyBody,
  answer: Administrator,
});

/** DELETE administrators/{id}/invitation/: withdraw a pending administrator's link; the account stays pending until a new one is sent or it is deleted. */
export const revokeAdministratorInvitationEndpoint = endpoint({
  method: "DELETE",
  path: "/api/administrators/:id/invitation/",
  params: AdministratorPathParams,
  answer: Administrator,
});
