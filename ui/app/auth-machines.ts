import { createActor, fromCallback, fromPromise } from "xstate";
import type { Adapters } from "../../adapters/create-adapters.ts";
import { sessionEndedFailure } from "../../adapters/shared/api-failure.ts";
import type { AuthApi } from "../../adapters/shared/auth-port.ts";
import type { CredentialsPort } from "../../adapters/shared/session/credentials-port.ts";
import { sessionTokenRefresh } from "../../machines/auth/session-token-refresh.ts";
import { sessionMachine, sessionStandingOf, type SessionActor, type SessionEvent } from "../../machines/auth/session.machine.ts";
import type { LoadQrInput, LoginInput, PreAuthInput } from "../../machines/auth/sign-in.actors.ts";
import { signInMachine } from "../../machines/auth/sign-in.machine.ts";
import { tokenRefreshMachine } from "../../machines/shared/session/token-refresh.machine.ts";
import type { SessionService, SignInLogic } from "../services/app-services.ts";
import type {
  ChangePasswordBody,
  CreateMfaBody,
  LoginWebResponse,
  RefreshResponse,
  ResendOtpBody,
  TotpQrResponse,
  VerifyOtpBody,
  VerifyOtpResponse,
} from "../../domain/shared/wire/auth.ts";

// The auth feature's machines get their effects here and nowhere else: the session actor (with the
// token refresh it runs) and the sign-in flow (docs/ui.md, "Where machines are provided"). The idle
// sign-off is provided in ui/session/session-machines.ts, so it stays out of the sign-in download.

/** What the session actor works with: the store it owns, the refresh call, and how to reload the page. */
export type SessionDependencies = {
  readonly authApi: Pick<AuthApi, "refresh">;
  readonly credentials: CredentialsPort;
  /** `() => location.reload()` in the app; a spy in tests. */
  readonly reloadPage: () => void;
};

/** The session machine with its effects on the credentials store and the refresh call. */
export const sessionLogicFor = ({ authApi, credentials, reloadPage }: SessionDependencies) =>
  sessionMachine.provide({
    actors: {
      watchCredentials: fromCallback<SessionEvent>(({ sendBack }) => {
        const report = () => {
          const { phase, userId, user } = credentials.read();
          sendBack({ type: "credentials.changed", phase, userId, user: phase === "preAuthenticated" ? user : null });
        };
        report();
        return credentials.subscribe(report);
      }),
      tokenRefresh: tokenRefreshMachine.provide({
        actors: {
          refreshTokens: fromPromise<RefreshResponse>(async () => {
            const refreshToken = credentials.read().refreshToken;
            if (refreshToken === null) throw new Error("no refresh token to refresh with");
            return authApi.refresh(refreshToken);
          }),
        },
        actions: {
          storeTokens: (_args, tokens: RefreshResponse) => credentials.updateTokens(tokens.access, tokens.refresh),
          clearAuthState: () => credentials.clear(),
          reloadPage: () => reloadPage(),
        },
      }),
    },
    actions: { clearCredentials: () => credentials.clear() },
  });

/** Starts the app's one session actor (ui/app/app-services.ts; tests start their own). */
export const startSession = (deps: SessionDependencies): SessionService => {
  const actor = createActor(sessionLogicFor(deps)).start();
  return { actor, tokenRefresh: sessionTokenRefresh(actor), stop: () => actor.stop() };
};

/**
 * The sign-in flow's actors on the adapters' auth API. The client reads the pre-auth token from
 * the credentials store, so the token the machine passes in must be the one stored there; the
 * store is filled here, after login_web (pre-authenticated) and after totp/verify (authenticated),
 * and emptied only outside the flow (sign-out, refresh failure, the session actor), which the flow
 * hears from the session actor through watchStoredSession. No page reconciles the two.
 */
export const signInLogicFor = (adapters: Pick<Adapters, "authApi" | "credentials">, session: SessionActor): SignInLogic => {
  const { authApi, credentials } = adapters;

  // A flow whose token is no longer the stored one belongs to a session that has ended (cleared
  // by a 401 or a sign-out): failing with 401 sends the machine back to the credentials instead
  // of sending a call under someone else's token.
  const withToken = <T>(token: string, call: () => Promise<T>): Promise<T> =>
    credentials.read().preAuthToken === token ? call() : Promise.reject(sessionEndedFailure());

  return signInMachine.provide({
    actors: {
      // The session actor is the one owner of whether a session exists; the flow hears only its end.
      watchStoredSession: fromCallback<{ readonly type: "session.ended" }>(({ sendBack }) => {
        let standing = sessionStandingOf(session.getSnapshot());
        const subscription = session.subscribe((snapshot) => {
          const before = standing;
          standing = sessionStandingOf(snapshot);
          if (before !== "signedOut" && standing === "signedOut") sendBack({ type: "session.ended" });
        });
        return () => subscription.unsubscribe();
      }),
      login: fromPromise<LoginWebResponse, LoginInput>(async ({ input, signal }) => {
        const response = await authApi.loginWeb(input.email, input.password);
        // A flow that was left meanwhile must not leave a pre-auth token behind.
        if (!signal.aborted) credentials.setPreAuthenticated(response.token, response.user);
        return response;
      }),
      changePassword: fromPromise<void, PreAuthInput<ChangePasswordBody>>(({ input }) =>
        withToken(input.token, () => authApi.changePassword(input.body)),
      ),
      createMfa: fromPromise<void, PreAuthInput<CreateMfaBody>>(({ input }) =>
        withToken(input.token, () => authApi.createMfa(input.body)),
      ),
      loadQr: fromPromise<TotpQrResponse, LoadQrInput>(({ input }) => withToken(input.token, () => authApi.totpQr())),
      sendCode: fromPromise<void, PreAuthInput<ResendOtpBody>>(({ input }) =>
        withToken(input.token, () => authApi.resendOtp(input.body.mfa_option)),
      ),
      verifyCode: fromPromise<VerifyOtpResponse, PreAuthInput<VerifyOtpBody>>(async ({ input, signal }) => {
        const response = await withToken(input.token, () => authApi.verifyOtp(input.body));
        // Signed in only if the flow is still waiting for this answer.
        if (!signal.aborted) {
          credentials.setAuthenticated({
            accessToken: response.access_token,
            refreshToken: response.refresh_token,
            userId: response.user.id,
            user: response.user,
          });
        }
        return response;
      }),
    },
  });
};

