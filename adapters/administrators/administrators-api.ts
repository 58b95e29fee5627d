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
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { AdministratorsApi } from "./administrators-port.ts";

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
