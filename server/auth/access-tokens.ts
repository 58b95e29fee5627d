import { SignJWT, jwtVerify } from "jose";
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

/**
 * The claims of a token of the expected scope, or undefined for anything else: a bad signature,
 * another algorithm, expiry (by the app's clock), the other scope, or malformed claims.
 */
export const verifyToken = async (
  keys: AuthKeys,
  clock: Clock,
  token: string,
  scope: TokenScope,
): Promise<TokenClaims | undefined> => {
  try {
    const { payload } = await jwtVerify(token, keys.jwt, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: clock.now(),
      clockTolerance: 0,
      requiredClaims: ["exp", "iat", "sub"],
    });
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    if (payload.scope !== scope || !Number.isSafeInteger(userId) || userId <= 0) return undefined;
    if (typeof sessionId !== "string" || !UUID.test(sessionId)) return undefined;
    return { userId, sessionId, scope };
  } catch {
    // Whatever a presented token does to the verifier, it is not a credential.
    return undefined;
  }
};
