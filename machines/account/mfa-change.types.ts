import type { AddMfaAppResponse } from "../../domain/account/account-wire.ts";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import type { AuthFailure } from "../shared/auth-failure.ts";

/** The three confirmed changes of a person's second factors. */
export type MfaChangeKind = "add" | "default" | "remove";

/**
 * What one change remembers. The typed code never lives here: it travels in `otp.submit` and is
 * gone when the call returns.
 */
export type MfaChangeContext = {
  readonly change: MfaChangeKind | null;
  /** The method being added, made the default, or removed. */
  readonly method: MfaMethod | null;
  /** The person's confirmed methods when the change started (the rules are checked against them). */
  readonly confirmed: readonly MfaMethod[];
  /** The confirmed method whose fresh code proves the change (an add, a default change, a removal) is the person's own. */
  readonly confirmWith: MfaMethod | null;
  /** Whether the method being added was started (the step-up code was accepted): the next code is the new method's own. */
  readonly started: boolean;
  /** The SMS number being added, in E.164 with its leading plus. */
  readonly phone: string | null;
  /** The authenticator-app secret and otpauth:// link while an app is being added. */
  readonly totp: AddMfaAppResponse | null;
  /** The failure the current step shows, or null. */
  readonly error: AuthFailure | null;
  /** The user record the server answered once the change is saved. */
  readonly user: CurrentUser | null;
};

type Start = { readonly method: MfaMethod; readonly methods: readonly MfaMethod[] };

/** Everything a person (or the page) can tell the change flow. */
export type MfaChangeEvent =
  | ({ readonly type: "add.start" } & Start)
  | ({ readonly type: "default.start" } & Start)
  | ({ readonly type: "remove.start" } & Start)
  | { readonly type: "phone.submit"; readonly phone: string }
  | { readonly type: "secret.scanned" }
  | { readonly type: "confirmation.choose"; readonly method: MfaMethod }
  | { readonly type: "otp.submit"; readonly code: string }
  | { readonly type: "code.resend" }
  | { readonly type: "change.cancel" };

/** Nothing under way. */
export const INITIAL_MFA_CHANGE_CONTEXT: MfaChangeContext = {
  change: null,
  method: null,
  confirmed: [],
  confirmWith: null,
  started: false,
  phone: null,
  totp: null,
  error: null,
  user: null,
};
