import * as Schema from "effect/Schema";

/** The second factors a user can verify with: a code by email, by SMS, or from an authenticator app. */
export const MFA_METHOD = {
  email: "email",
  sms: "sms",
  app: "app",
} as const;
export type MfaMethod = (typeof MFA_METHOD)[keyof typeof MFA_METHOD];
export const MFA_METHODS: readonly MfaMethod[] = Object.values(MFA_METHOD);

/** An MFA method on the wire (`mfa_option`, `default_mfa_method`, `mfa_methods`). */
export const MfaMethod = Schema.Literals(MFA_METHODS);
