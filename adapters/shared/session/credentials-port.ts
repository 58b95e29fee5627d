import type { UserId } from "../../../domain/shared/ids.ts";
import type { AuthUser } from "../../../domain/shared/wire/auth.ts";

/**
 * Where the auth session stands (spec section 4): nobody signed in, signed in with a password but
 * not yet through the second factor or password change, fully signed in, or back from a page
 * reload with only the refresh token, so a refresh must run before any authorised call.
 */
export type SessionPhase = "anonymous" | "preAuthenticated" | "authenticated" | "restoring";

/** One immutable picture of the auth session; a new object whenever anything in it changes. */
export type CredentialsSnapshot = {
  readonly phase: SessionPhase;
  /** The pre-authentication token from login_web; memory only. */
  readonly preAuthToken: string | null;
  /** The short-lived Bearer token; memory only, so a script reading storage never sees it. */
  readonly accessToken: string | null;
  /** Survives a reload in sessionStorage, so the tab can get a new access token. */
  readonly refreshToken: string | null;
  readonly userId: UserId | null;
  /** The user as login_web or verify described them (password-change flag, MFA methods, masked phone). */
  readonly user: AuthUser | null;
};

/** The tokens of a fully authenticated session, as the second-factor verification returns them. */
export type AuthenticatedSession = {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly userId: UserId;
  readonly user?: AuthUser;
};

/** The auth session port: the HTTP client reads it for headers, the UI renders from it. */
export interface CredentialsPort {
  /** The current snapshot; the same object until something changes (safe for useSyncExternalStore). */
  read(): CredentialsSnapshot;
  /** Shorthand for read().phase. */
  phase(): SessionPhase;
  /** After login_web: the pre-auth token and user, in memory only. */
  setPreAuthenticated(token: string, user: AuthUser): void;
  /** After the second factor: the full session; refresh token and user id go to sessionStorage. */
  setAuthenticated(session: AuthenticatedSession): void;
  /** After a refresh: the new access token and the rotated refresh token. */
  updateTokens(accessToken: string, refreshToken: string): void;
  /** Forget the session in memory and in sessionStorage. */
  clear(): void;
  /** Called after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}
