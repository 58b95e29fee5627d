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
import type {
  AccountPasswordBody,
  AddMfaAppResponse,
  AddMfaBody,
  ConfirmMfaBody,
  DefaultMfaBody,
  ProfilePatchBody,
  RemoveMfaBody,
  ResendMfaCodeBody,
  SendStepUpCodeBody,
} from "../../domain/account/account-wire.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// What Settings and the second-factor change machine's actors (ui/features/account) depend on,
// declared beside its one (HTTP) implementation.

/** Adding an email or SMS method answers nothing (a code was sent); an authenticator app answers its secret. */
export type StartMfaOutcome = AddMfaAppResponse | undefined;

/** The signed-in user's own account calls (Settings); each rejects with an ApiFailure. */
export type AccountApi = {
  /** Changes names and phone; absent fields stay as they are. `version` is the record's the form was filled from (If-Match; 412 if changed since). */
  readonly updateProfile: (body: ProfilePatchBody, version: number) => Promise<CurrentUser>;
  /** Ends every other session; this one stays signed in. */
  readonly changePassword: (body: AccountPasswordBody) => Promise<void>;
  /** A fresh code by a confirmed email or SMS method, to confirm a change with (429 during the cooldown). */
  readonly sendStepUpCode: (body: SendStepUpCodeBody) => Promise<void>;
  /** Starts adding a method, proven by a step-up code: email and SMS get a code, an app gets its secret and otpauth:// link. */
  readonly startMfa: (body: AddMfaBody) => Promise<StartMfaOutcome>;
  /** A fresh code for the email or SMS method being added, where its first code went (429 during the cooldown). */
  readonly resendMfaCode: (body: ResendMfaCodeBody) => Promise<void>;
  /** The first code from the new method confirms it. */
  readonly confirmMfa: (body: ConfirmMfaBody) => Promise<CurrentUser>;
  readonly setDefaultMfa: (body: DefaultMfaBody) => Promise<CurrentUser>;
  /** Never the last method: the server refuses that. */
  readonly removeMfa: (body: RemoveMfaBody) => Promise<CurrentUser>;
};

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
