import { AUTH_POLICY } from "./auth-policy.ts";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { DEFAULT_MFA_SECRET_KEY } from "../config.ts";
import { type SecretKeyring, secretKeyring } from "./secret-box.ts";

/**
 * Keys derived from JWT_SECRET, one per purpose, so a token signature can never double as a
 * code hash (or the other way round), and the access-token lifetime tokens are signed with.
 */
export type AuthKeys = {
  /** AUTH_POLICY's lifetime, or a shorter one that end-to-end tests set outside production. */
  readonly accessTokenLifetimeMs: number;
  /** HS256 key of access and pre-authentication tokens. */
  readonly jwt: Uint8Array;
  /** HMAC key of one-time codes and reset tokens at rest. */
  readonly codes: Buffer;
  /** AES-256-GCM keys of authenticator secrets at rest (MFA_SECRET_KEY, not derived from JWT_SECRET). */
  readonly totpSecrets: SecretKeyring;
};

const developmentMfaKeys = { current: new Uint8Array(Buffer.from(DEFAULT_MFA_SECRET_KEY, "base64")), previous: undefined };

const derive = (secret: string, purpose: string): Buffer => createHmac("sha256", secret).update(purpose).digest();

/** The keys of one server; the authenticator-secret keys default to the documented development key (tests). */
export const deriveAuthKeys = (
  secret: string,
  accessTokenLifetimeMs: number = AUTH_POLICY.accessTokenLifetimeMs,
  mfaSecretKeys: { readonly current: Uint8Array; readonly previous: Uint8Array | undefined } = developmentMfaKeys,
): AuthKeys => ({
  accessTokenLifetimeMs,
  totpSecrets: secretKeyring(mfaSecretKeys),
  jwt: new Uint8Array(derive(secret, "portal/jwt/v1")),
  codes: derive(secret, "portal/one-time-codes/v1"),
});

/** A refresh token or reset token: 256 random bits, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString("base64url");

/** Refresh tokens are stored as their SHA-256: the token itself has 256 bits of entropy, no key needed. */
export const sha256Hex = (value: string): string => createHash("sha256").update(value).digest("hex");

/**
 * A six-digit code has only a million values, so a plain hash would be reversed at once; an HMAC
 * under the server key is not, and binding it to its context means a code is worth nothing in
 * another sign-in.
 */
export const codeHmac = (keys: AuthKeys, context: string, code: string): string =>
  createHmac("sha256", keys.codes).update(`${context}\u0000${code}`).digest("hex");

/** Compares two hex digests in constant time. */
export const sameDigest = (a: string, b: string): boolean => {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
};
