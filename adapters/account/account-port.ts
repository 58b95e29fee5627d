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

// The port Settings and the second-factor change machine depend on; account-api.ts is its HTTP
// implementation, and tests hand in fakes of this type.

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
