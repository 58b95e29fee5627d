import { createHmac, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";
import type { Clock } from "../clock.ts";
import { AUTH_POLICY } from "./auth-policy.ts";
import type { AuthKeys } from "./auth-keys.ts";

const ISSUER = "speech-therapy-care-portal";
const AUDIENCE = "portal-api";

/** `pre_auth`: after the password, for the sign-in steps only. `access`: the full session (Bearer). */
export type TokenScope = "pre_auth" | "access";

export type TokenClaims = {
  readonly userId: number;
  readonly sessionId: string;
  readonly scope: TokenScope;
};

const lifetimeOf = (keys: AuthKeys, scope: TokenScope): number =>
  scope === "access" ? keys.accessTokenLifetimeMs : AUTH_POLICY.preAuthLifetimeMs;

/** A signed JWT (HS256) naming the user, the session and the scope; it expires with its scope's lifetime. */
export const signToken = async (keys: AuthKeys, clock: Clock, claims: TokenClaims): Promise<string> => {
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId, scope: claims.scope })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(String(claims.userId))
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + Math.floor(lifetimeOf(keys, claims.scope) / 1000))
    .sign(keys.jwt);
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const SIGNATURE_BYTES = 32;

/** The JSON object a base64url segment holds, or undefined for anything else. */
const jsonObjectOf = (segment: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The protected header of a token this server signed: HS256 and nothing that changes how the
 * token is read. No `crit` extensions and no unencoded payload (`b64`), as jose refused them.
 */
const isOurHeader = (header: Record<string, unknown>): boolean =>
  header.alg === "HS256" && (header.typ === undefined || header.typ === "JWT") && header.crit === undefined && header.b64 === undefined;

/** The claims jose checked for us before (issuer, audience, exp, iat, sub present, nbf if any), by the app's clock with no tolerance. */
const claimsHold = (payload: Record<string, unknown>, now: Date): boolean => {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const audience = payload.aud;
  if (payload.iss !== ISSUER) return false;
  if (audience !== AUDIENCE && !(Array.isArray(audience) && audience.includes(AUDIENCE))) return false;
  if (typeof payload.exp !== "number" || typeof payload.iat !== "number" || payload.sub === undefined) return false;
  if (payload.exp <= nowSeconds) return false;
  return payload.nbf === undefined || (typeof payload.nbf === "number" && payload.nbf <= nowSeconds);
};

// Tokens that verified, per key set, with their expiry (issue 36, "less work per request": the
// HMAC, two base64url decodes and two JSON parses were a tenth of a list read's own CPU). The same
// bytes verify the same way under the same key, so a hit skips only that work: the expiry is
// checked against the clock on every call, and the session behind the token (revocation, idle
// time) is still read on every request by the authenticator. Only tokens that held are kept, a
// few hundred bytes each, and the map is emptied when it reaches its bound.
const VERIFIED_TOKENS_BOUND = 5_000;
type Verified = { readonly claims: TokenClaims; readonly expiresAt: number };
const verifiedByKeys = new WeakMap<AuthKeys, Map<string, Verified>>();

const verifiedTokens = (keys: AuthKeys): Map<string, Verified> => {
  let verified = verifiedByKeys.get(keys);
  if (verified === undefined) {
    verified = new Map();
    verifiedByKeys.set(keys, verified);
  }
  return verified;
};

const remember = (verified: Map<string, Verified>, token: string, held: Verified): void => {
  if (verified.size >= VERIFIED_TOKENS_BOUND) verified.clear();
  verified.set(token, held);
};

/**
 * The claims of a token of the expected scope, or undefined for anything else: a bad signature,
 * another algorithm, expiry (by the app's clock), the other scope, or malformed claims.
 *
 * Every request verifies one, so it is node:crypto's HMAC over the compact form (a few
 * microseconds) rather than jose's WebCrypto verify (an async job and a key import per call):
 * the signature is compared in constant time before anything of the token is parsed, and the
 * header and claims are then held to what jose checked (tokens are still signed with jose, and
 * tests hold the two to each other).
 */
export const verifyToken = async (
  keys: AuthKeys,
  clock: Clock,
  token: string,
  scope: TokenScope,
): Promise<TokenClaims | undefined> => {
  const verified = verifiedTokens(keys);
  const known = verified.get(token);
  if (known === undefined) {
    const held = verifyOnce(keys, clock, token, scope);
    if (held === undefined) return undefined;
    remember(verified, token, held);
    return held.claims;
  }
  // As claimsHold judges the expiry: by the app's clock, in whole seconds.
  const live = known.expiresAt > Math.floor(clock.now().getTime() / 1000);
  return live && known.claims.scope === scope ? known.claims : undefined;
};

/** The checks of verifyToken in full: the claims of a token that holds, with its expiry (seconds), or undefined. */
const verifyOnce = (keys: AuthKeys, clock: Clock, token: string, scope: TokenScope): Verified | undefined => {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  const [header = "", payload = "", signature = ""] = parts;
  if (!SEGMENT.test(header) || !SEGMENT.test(payload) || !SEGMENT.test(signature)) return undefined;
  const presented = Buffer.from(signature, "base64url");
  if (presented.length !== SIGNATURE_BYTES) return undefined;
  const expected = createHmac("sha256", keys.jwt).update(`${header}.${payload}`).digest();
  if (!timingSafeEqual(presented, expected)) return undefined;
  const headerJson = jsonObjectOf(header);
  const claims = jsonObjectOf(payload);
  if (headerJson === undefined || claims === undefined || !isOurHeader(headerJson) || !claimsHold(claims, clock.now())) return undefined;
  const userId = typeof claims.sub === "string" ? Number(claims.sub) : Number.NaN;
  const sessionId = claims.sid;
  if (claims.scope !== scope || !Number.isSafeInteger(userId) || userId <= 0) return undefined;
  if (typeof sessionId !== "string" || !UUID.test(sessionId)) return undefined;
  // claimsHold has checked that exp is a number.
  return { claims: { userId, sessionId, scope }, expiresAt: Number(claims.exp) };
};
