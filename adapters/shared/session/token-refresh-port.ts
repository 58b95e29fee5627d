import { createActor, fromPromise } from "xstate";
import type { RefreshResponse } from "../../../domain/shared/wire/auth.ts";
import { awaitFreshToken, currentGeneration, type TokenRefreshActor } from "../../../machines/shared/session/await-fresh-token.ts";
import { tokenRefreshMachine } from "../../../machines/shared/session/token-refresh.machine.ts";
import type { AuthApi } from "../auth-port.ts";
import type { TokenRefreshPort } from "../token-refresh-contract.ts";
import type { CredentialsPort } from "./credentials-port.ts";

/** What the refresh needs: the refresh call, the session it renews, and how to reload the page. */
export type TokenRefreshDependencies = {
  readonly authApi: Pick<AuthApi, "refresh">;
  readonly credentials: CredentialsPort;
  /** `() => location.reload()` in the app; a spy in tests. */
  readonly reloadPage: () => void;
};

/** The TokenRefreshPort the HTTP client uses, plus `stop()` for teardown (tests, hot reload). */
export type TokenRefreshService = TokenRefreshPort & { readonly stop: () => void };

/**
 * Runs the token-refresh machine (machines/shared/session) for the HTTP client: its refreshTokens
 * actor calls authentication/refresh with the stored refresh token, storeTokens keeps the rotated
 * pair, and a failed refresh clears the credentials and reloads the page (spec section 4).
 */
export const createTokenRefreshPort = (deps: TokenRefreshDependencies): TokenRefreshService => {
  const { authApi, credentials, reloadPage } = deps;
  // The machine ends itself after a failed refresh; it must not also be told so mid-transition.
  let clearingForMachine = false;
  const machine = tokenRefreshMachine.provide({
    actors: {
      refreshTokens: fromPromise<RefreshResponse>(async () => {
        const refreshToken = credentials.read().refreshToken;
        if (refreshToken === null) throw new Error("no refresh token to refresh with");
        return authApi.refresh(refreshToken);
      }),
    },
    actions: {
      storeTokens: (_args, tokens: RefreshResponse) => credentials.updateTokens(tokens.access, tokens.refresh),
      clearAuthState: () => {
        clearingForMachine = true;
        try {
          credentials.clear();
        } finally {
          clearingForMachine = false;
        }
      },
      reloadPage: () => reloadPage(),
    },
  });

  // The machine ends with its session; the next sign-in gets a fresh actor. Generations keep
  // counting across actors, so a request sent under an old session can never wait on a new one.
  let actor: TokenRefreshActor = createActor(machine).start();
  let offset = 0;

  const isEnded = (candidate: TokenRefreshActor): boolean => {
    const snapshot = candidate.getSnapshot();
    return snapshot.status !== "active" || snapshot.matches("sessionEnded");
  };

  const liveActor = (): TokenRefreshActor => {
    const phase = credentials.phase();
    if (isEnded(actor) && (phase === "authenticated" || phase === "restoring")) {
      offset += currentGeneration(actor) + 1;
      actor.stop();
      actor = createActor(machine).start();
    }
    return actor;
  };

  // Sign-out (credentials cleared) ends the machine, so a late 401 cannot start a refresh.
  const unsubscribe = credentials.subscribe(() => {
    if (!clearingForMachine && credentials.phase() === "anonymous" && !isEnded(actor)) actor.send({ type: "session.ended" });
  });

  return {
    currentGeneration: () => {
      // liveActor() may move the offset, so it must run before the offset is read.
      const live = liveActor();
      return offset + currentGeneration(live);
    },
    awaitFreshToken: (seenGeneration) => {
      const current = liveActor();
      // Seen under an earlier session's actor: the tokens have changed since, so retry with them.
      if (seenGeneration < offset) return Promise.resolve("refreshed");
      return awaitFreshToken(current, seenGeneration - offset);
    },
    stop: () => {
      unsubscribe();
      actor.stop();
    },
  };
};
