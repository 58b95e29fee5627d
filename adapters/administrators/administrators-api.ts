import {
  activateAdministratorEndpoint,
  createAdministratorEndpoint,
  deleteAdministratorEndpoint,
  getAdministratorEndpoint,
  inactivateAdministratorEndpoint,
  listAdministratorsEndpoint,
  resendAdministratorInvitationEndpoint,
  revokeAdministratorInvitationEndpoint,
  updateAdministratorEndpoint,
} from "../../domain/administrators/administrators-endpoints.ts";
import type {
  Administrator,
  AdministratorCreateBody,
  AdministratorListQuery,
  AdministratorListResponse,
  AdministratorPatchBody,
} from "../../domain/administrators/administrators-wire.ts";
import type { AdministratorId } from "../../domain/shared/ids.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// What the administrators pages (and an institution's page, which lists its administrators)
// depend on, declared beside its one (HTTP) implementation.

/** What an edit sends: names, and the e-mail only when it changed (the version goes as If-Match). */
export type AdministratorChanges = Omit<AdministratorPatchBody, "version">;

/**
 * The administrators calls of spec section 7 and their invitations; each rejects with an
 * ApiFailure. Writes to an existing administrator name the version the viewer saw (If-Match), so
 * a record changed meanwhile is refused (412) rather than overwritten.
 */
export type AdministratorsApi = {
  /** One page (five by default) of GET administrators/: the super administrator names the institution. */
  readonly listAdministrators: (query: AdministratorListQuery, signal?: AbortSignal) => Promise<AdministratorListResponse>;
  readonly getAdministrator: (id: AdministratorId, signal?: AbortSignal) => Promise<Administrator>;
  /** Invites a new administrator: pending, with an e-mailed link. */
  readonly createAdministrator: (body: AdministratorCreateBody) => Promise<Administrator>;
  readonly updateAdministrator: (id: AdministratorId, changes: AdministratorChanges, version: number) => Promise<Administrator>;
  readonly activateAdministrator: (id: AdministratorId, version: number) => Promise<Administrator>;
  readonly deactivateAdministrator: (id: AdministratorId, version: number) => Promise<Administrator>;
  /** Soft delete: the administrator leaves every list; the audit trail keeps them. */
  readonly deleteAdministrator: (id: AdministratorId, version: number) => Promise<void>;
  /** A new invitation link (the old one stops working). */
  readonly resendInvitation: (id: AdministratorId) => Promise<Administrator>;
  /** Withdraws the open link; the account stays pending. */
  readonly revokeInvitation: (id: AdministratorId) => Promise<Administrator>;
};

/** Administrators calls on the given client (Bearer), each a declared endpoint (domain/administrators/administrators-endpoints.ts). */
export const createAdministratorsApi = (client: ApiClient): AdministratorsApi => ({
  listAdministrators: (query, signal) => client.call(listAdministratorsEndpoint, { query, signal }),
  getAdministrator: (id, signal) => client.call(getAdministratorEndpoint, { params: { id }, signal }),
  createAdministrator: (body) => client.call(createAdministratorEndpoint, { body }),
  updateAdministrator: (id, changes, version) => client.call(updateAdministratorEndpoint, { params: { id }, body: changes, ifMatch: version }),
  // The status actions send no body: the version they started from goes as If-Match.
  activateAdministrator: (id, version) => client.call(activateAdministratorEndpoint, { params: { id }, body: undefined, ifMatch: version }),
  deactivateAdministrator: (id, version) => client.call(inactivateAdministratorEndpoint, { params: { id }, body: undefined, ifMatch: version }),
  deleteAdministrator: async (id, version) => {
    await client.call(deleteAdministratorEndpoint, { params: { id }, body: undefined, ifMatch: version });
  },
  resendInvitation: (id) => client.call(resendAdministratorInvitationEndpoint, { params: { id }, body: undefined }),
  revokeInvitation: (id) => client.call(revokeAdministratorInvitationEndpoint, { params: { id } }),
});

/** The administrators calls of the app's client, made once, from the lazy signed-in pages. */
export const administratorsApiOf = perClient(createAdministratorsApi);
