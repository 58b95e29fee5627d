import * as Schema from "effect/Schema";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import {
  AddMfaAppResponse,
  type AddMfaBody,
  type ConfirmMfaBody,
  type DefaultMfaBody,
  type RemoveMfaBody,
  type ResendMfaCodeBody,
  type SendStepUpCodeBody,
} from "../../domain/account/account-wire.ts";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import { CurrentUser } from "../../domain/shared/wire/user.ts";

type Io = {
  startMfa: { input: AddMfaBody; output: AddMfaAppResponse | undefined };
  resendMfaCode: { input: ResendMfaCodeBody; output: void };
  confirmMfa: { input: ConfirmMfaBody; output: CurrentUser };
  sendStepUpCode: { input: SendStepUpCodeBody; output: void };
  setDefaultMfa: { input: DefaultMfaBody; output: CurrentUser };
  removeMfa: { input: RemoveMfaBody; output: CurrentUser };
};

/** The signed-in user's record with these second factors, decoded as the adapter would. */
export const userWith = (methods: readonly MfaMethod[], defaultMethod: MfaMethod | null = methods[0] ?? null): CurrentUser =>
  Schema.decodeUnknownSync(CurrentUser)({
    id: 12,
    email: "ann.lee@clinic.org",
    first_name: "Ann",
    last_name: "Lee",
    role: { id: 4, title: "Speech-language pathologist", code_name: "STAFF" },
    default_mfa_method: defaultMethod,
    mfa_methods: methods,
    phone: methods.includes("sms") ? "********2671" : null,
    permissions: {},
    institution: { id: 2, name: "Riverside Clinic" },
    version: 1,
  });

/** What adding an authenticator app answers. */
export const appSecret = (): AddMfaAppResponse =>
  Schema.decodeUnknownSync(AddMfaAppResponse)({
    secret: "JBSWY3DPEHPK3PXP",
    url: "otpauth://totp/Portal:ann.lee%40clinic.org?secret=JBSWY3DPEHPK3PXP",
  });

/**
 * Fake account actors that answer only what a test scripted: a call without a scripted answer
 * is recorded as unexpected (and rejects), so the test's afterEach fails.
 */
export const createFakeAccount = () => createScriptedActors<Io>(["startMfa", "resendMfaCode", "confirmMfa", "sendStepUpCode", "setDefaultMfa", "removeMfa"]);
