// What other features may use of the auth pages: the second-factor parts account settings reuse.
export * from "./mfa-method-text.ts";
export * from "./qr-code.tsx";
export * from "./totp-secret.tsx";
