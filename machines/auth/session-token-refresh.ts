import { awaitFreshToken, currentGeneration, type FreshTokenOutcome, type TokenRefreshActor } from "../shared/session/await-fresh-token.ts";
import type { SessionActor } from "./session.machine.ts";

/** What the HTTP client asks of the token refresh (its TokenRefreshPort in adapters/shared). */
export type SessionTokenRefresh = {
  readonly currentGeneration: () => number;
  readonly awaitFreshToken: (seenGeneration: number) => Promise<FreshTokenOutcome>;
};

/**
 * The session actor's token refresh, as the HTTP client sees it. Each session has its own
 * refresher (generation 0 at its start), so generations keep counting across sessions here: a
 * request sent under an earlier session can never wait on a later one's refresh.
 */
export const sessionTokenRefresh = (session: SessionActor): SessionTokenRefresh => {
  let offset = 0;
  let seen: TokenRefreshActor | null = null;

  // The refresher of the running session, or null outside one (signed out, pre-authenticated).
  const current = (): TokenRefreshActor | null => {
    const child = session.getSnapshot().children.tokenRefresh ?? null;
    if (child !== null && child !== seen) {
      if (seen !== null) offset += currentGeneration(seen) + 1;
      seen = child;
    }
    return child;
  };

  return {
    currentGeneration: () => {
      // current() may move the offset, so it must run before the offset is read.
      const live = current();
      return offset + (live === null ? 0 : currentGeneration(live));
    },
    awaitFreshToken: (seenGeneration) => {
      const live = current();
      if (live === null) return Promise.resolve("ended");
      // Seen under an earlier session's refresher: the tokens have changed since, so retry with them.
      if (seenGeneration < offset) return Promise.resolve("refreshed");
      return awaitFreshToken(live, seenGeneration - offset);
    },
  };
};
