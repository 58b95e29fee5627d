import {
  AddMfaAppResponse,
  type AccountPasswordBody,
  type AddMfaBody,
  type ConfirmMfaBody,
  type DefaultMfaBody,
  type ProfilePatchBody,
  type RemoveMfaBody,
  type SendStepUpCodeBody,
} from "../../domain/account/account-wire.ts";
import { CurrentUser } from "../../domain/shared/wire/user.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

const ME = "/api/users/me";

/** Adding an email or SMS method answers nothing (a code was sent); an authenticator app answers its secret. */
export type StartMfaOutcome = AddMfaAppResponse | undefined;

/** The signed-in user's own account calls (Settings); each rejects with an ApiFailure. */
export type AccountApi = {
  /** Changes names and phone; absent fields stay as they are. */
  readonly updateProfile: (body: ProfilePatchBody) => Promise<CurrentUser>;
  /** Ends every other session; this one stays signed in. */
  readonly changePassword: (body: AccountPasswordBody) => Promise<void>;
  /** A fresh code by a confirmed email or SMS method, to confirm a change with (429 during the cooldown). */
  readonly sendStepUpCode: (body: SendStepUpCodeBody) => Promise<void>;
  /** Starts adding a method: email and SMS get a code, an app gets its secret and otpauth:// link. */
  readonly startMfa: (body: AddMfaBody) => Promise<StartMfaOutcome>;
  /** The first code from the new method confirms it. */
  readonly confirmMfa: (body: ConfirmMfaBody) => Promise<CurrentUser>;
  readonly setDefaultMfa: (body: DefaultMfaBody) => Promise<CurrentUser>;
  /** Never the last method: the server refuses that. */
  readonly removeMfa: (body: RemoveMfaBody) => Promise<CurrentUser>;
};

/** The account calls on the given client (Bearer), paths with trailing slashes like the rest of the API. */
export const createAccountApi = (client: ApiClient): AccountApi => ({
  updateProfile: (body) => client.patch(`${ME}/`, { schema: CurrentUser, body }),
  changePassword: (body) => client.post(`${ME}/change_password/`, { schema: undefined, body }),
  sendStepUpCode: (body) => client.post(`${ME}/mfa/send_code/`, { schema: undefined, body }),
  // Only the app answers with a body; reading email/SMS's empty 204 with the schema would fail.
  startMfa: (body) =>
    body.mfa_option === "app"
      ? client.post(`${ME}/mfa/`, { schema: AddMfaAppResponse, body })
      : client.post(`${ME}/mfa/`, { schema: undefined, body }),
  confirmMfa: (body) => client.post(`${ME}/mfa/confirm/`, { schema: CurrentUser, body }),
  setDefaultMfa: (body) => client.put(`${ME}/mfa/default/`, { schema: CurrentUser, body }),
  removeMfa: (body) => client.post(`${ME}/mfa/remove/`, { schema: CurrentUser, body }),
});

/** The account calls of the app's client, made once, from the lazy settings pages. */
export const accountApiOf = perClient(createAccountApi);
