import { CurrentUser, UserPathParams } from "../shared/wire/user.ts";
import { endpoint } from "../shared/wire/endpoint.ts";
import {
  AccountPasswordBody,
  ADD_MFA_FIELD_CODES,
  AddMfaAppResponse,
  AddMfaBody,
  CONFIRM_MFA_FIELD_CODES,
  ConfirmMfaBody,
  DEFAULT_MFA_FIELD_CODES,
  DefaultMfaBody,
  PROFILE_PATCH_FIELD_CODES,
  ProfilePatchBody,
  REMOVE_MFA_FIELD_CODES,
  RemoveMfaBody,
  RESEND_MFA_CODE_FIELD_CODES,
  ResendMfaCodeBody,
  SEND_STEP_UP_CODE_FIELD_CODES,
  SendStepUpCodeBody,
} from "./account-wire.ts";

// The signed-in person's own record and Settings (profile, password, second factors).

/** GET users/me/: the signed-in person's own user record, with their role's permissions. */
export const currentUserEndpoint = endpoint({
  method: "GET",
  path: "/api/users/me/",
  answer: CurrentUser,
});

/** GET users/{id}/: a user record by id, only one's own. */
export const userRecordEndpoint = endpoint({
  method: "GET",
  path: "/api/users/:id/",
  params: UserPathParams,
  answer: CurrentUser,
});

/** PATCH users/me/: changes one's own names and phone; If-Match or `version` refuses a stale edit. */
export const updateProfileEndpoint = endpoint({
  method: "PATCH",
  path: "/api/users/me/",
  body: ProfilePatchBody,
  bodyCodes: PROFILE_PATCH_FIELD_CODES,
  answer: CurrentUser,
});

/** POST users/me/change_password/: changes one's own password; every other session of the person ends. */
export const changeOwnPasswordEndpoint = endpoint({
  method: "POST",
  path: "/api/users/me/change_password/",
  body: AccountPasswordBody,
});

/** POST users/me/mfa/send_code/: a code by a confirmed e-mail or SMS method, to confirm a change of second factors with. */
export const sendStepUpCodeEndpoint = endpoint({
  method: "POST",
  path: "/api/users/me/mfa/send_code/",
  body: SendStepUpCodeBody,
  bodyCodes: SEND_STEP_UP_CODE_FIELD_CODES,
});

/** POST users/me/mfa/: starts adding a second factor, proven by a code of a confirmed one; an app answers its secret and link. */
export const addMfaEndpoint = endpoint({
  method: "POST",
  path: "/api/users/me/mfa/",
  body: AddMfaBody,
  bodyCodes: ADD_MFA_FIELD_CODES,
  answer: AddMfaAppResponse,
});

/** The same call as it answers for an e-mail or SMS method: 204 (a code was sent), nothing to read. */
export const addMfaByCodeEndpoint = endpoint({
  method: addMfaEndpoint.method,
  path: addMfaEndpoint.path,
  body: addMfaEndpoint.body,
  bodyCodes: addMfaEndpoint.bodyCodes,
});

/** POST users/me/mfa/re_send/: a fresh code to an e-mail or SMS method being added, where its first code went. */
export const resendMfaCodeEndpoint = endpoint({
  method: "POST",
  path: "/api/users/me/mfa/re_send/",
  body: ResendMfaCodeBody,
  bodyCodes: RESEND_MFA_CODE_FIELD_CODES,
});

/** POST users/me/mfa/confirm/: confirms a new second factor with its first code. */
export const confirmMfaEndpoint = endpoint({
  method: "POST",
  path: "/api/users/me/mfa/confirm/",
  body: ConfirmMfaBody,
  bodyCodes: CONFIRM_MFA_FIELD_CODES,
  answer: CurrentUser,
});

/** PUT users/me/mfa/default/: makes a confirmed second factor the default, proven by a code. */
export const defaultMfaEndpoint = endpoint({
  method: "PUT",
  path: "/api/users/me/mfa/default/",
  body: DefaultMfaBody,
  bodyCodes: DEFAULT_MFA_FIELD_CODES,
  answer: CurrentUser,
});

/** POST users/me/mfa/remove/: removes a second factor, never the last one, proven by a code. */
export const removeMfaEndpoint = endpoint({
  method: "POST",
  path: "/api/users/me/mfa/remove/",
  body: RemoveMfaBody,
  bodyCodes: REMOVE_MFA_FIELD_CODES,
  answer: CurrentUser,
});
