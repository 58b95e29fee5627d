import * as OTPAuth from "otpauth";
import { AUTH_POLICY, TOTP_ISSUER } from "./auth-policy.ts";

/** A new authenticator secret: 160 random bits (RFC 4226's recommended length), base32. */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

const totpFor = (secret: string, email: string): OTPAuth.TOTP =>
  new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: AUTH_POLICY.totpPeriodSeconds,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** The otpauth:// link an authenticator app reads from the QR code (issuer and the e-mail as label). */
export const totpUrl = (secret: string, email: string): string => totpFor(secret, email).toString();

/** The 30-second step a time belongs to. */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / AUTH_POLICY.totpPeriodSeconds);

/**
 * The step a typed authenticator code belongs to, accepting one step of clock drift either way,
 * or undefined when it matches none. The caller refuses a step already used.
 */
export const matchTotp = (secret: string, email: string, code: string, now: Date): number | undefined => {
  const delta = totpFor(secret, email).validate({ token: code, timestamp: now.getTime(), window: AUTH_POLICY.totpWindow });
  return delta === null ? undefined : totpStep(now) + delta;
};

