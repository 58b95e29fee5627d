// What other features may use of the auth feature (account settings manage the same second factors).
export * from "./mfa-method-rules.ts";
export * from "./sign-in-factor-rules.ts";
export * from "./anonymous-refusals.ts";
