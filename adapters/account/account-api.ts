import { AddMfaAppResponse } from "../../domain/account/account-wire.ts";
import { CurrentUser } from "../../domain/shared/wire/user.ts";
import type { ApiClient } from "../shared/api-client.ts";
import type { AccountApi } from "./account-port.ts";
import { perClient } from "../shared/per-client.ts";

const ME = "/api/users/me";

/** The account calls on the given client (Bearer), paths with trailing slashes like the rest of the API. */
export const createAccountApi = (client: ApiClient): AccountApi => ({
  updateProfile: (body, version) => client.patch(`${ME}/`, { schema: CurrentUser, body, ifMatch: version }),
  changePassword: (body) => client.post(`${ME}/change_password/`, { schema: undefined, body }),
  sendStepUpCode: (body) => client.post(`${ME}/mfa/send_code/`, { schema: undefined, body }),
  // Only the app answers with a body; reading email/SMS's empty 204 with the schema would fail.
  startMfa: (body) =>
    body.mfa_option === "app"
      ? client.post(`${ME}/mfa/`, { schema: AddMfaAppResponse, body })
      : client.post(`${ME}/mfa/`, { schema: undefined, body }),
  resendMfaCode: (body) => client.post(`${ME}/mfa/re_send/`, { schema: undefined, body }),
  confirmMfa: (body) => client.post(`${ME}/mfa/confirm/`, { schema: CurrentUser, body }),
  setDefaultMfa: (body) => client.put(`${ME}/mfa/default/`, { schema: CurrentUser, body }),
  removeMfa: (body) => client.post(`${ME}/mfa/remove/`, { schema: CurrentUser, body }),
});

/** The account calls of the app's client, made once, from the lazy settings pages. */
export const accountApiOf = perClient(createAccountApi);
