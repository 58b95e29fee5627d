import {
  addMfaByCodeEndpoint,
  addMfaEndpoint,
  changeOwnPasswordEndpoint,
  confirmMfaEndpoint,
  defaultMfaEndpoint,
  removeMfaEndpoint,
  resendMfaCodeEndpoint,
  sendStepUpCodeEndpoint,
  updateProfileEndpoint,
} from "../../domain/account/account-endpoints.ts";
import type { ApiClient } from "../shared/api-client.ts";
import type { AccountApi } from "./account-port.ts";
import { perClient } from "../shared/per-client.ts";

/** The account calls on the given client (Bearer), each from its endpoint (domain/account/account-endpoints.ts). */
export const createAccountApi = (client: ApiClient): AccountApi => ({
  updateProfile: (body, version) => client.call(updateProfileEndpoint, { body, ifMatch: version }),
  changePassword: (body) => client.call(changeOwnPasswordEndpoint, { body }),
  sendStepUpCode: (body) => client.call(sendStepUpCodeEndpoint, { body }),
  // Only the app answers with a body; reading email/SMS's empty 204 with the answer schema would fail.
  startMfa: (body) => (body.mfa_option === "app" ? client.call(addMfaEndpoint, { body }) : client.call(addMfaByCodeEndpoint, { body })),
  resendMfaCode: (body) => client.call(resendMfaCodeEndpoint, { body }),
  confirmMfa: (body) => client.call(confirmMfaEndpoint, { body }),
  setDefaultMfa: (body) => client.call(defaultMfaEndpoint, { body }),
  removeMfa: (body) => client.call(removeMfaEndpoint, { body }),
});

/** The account calls of the app's client, made once, from the lazy settings pages. */
export const accountApiOf = perClient(createAccountApi);
