import { fromCallback, fromPromise } from "xstate";
import type { Adapters } from "../../adapters/create-adapters.ts";
import { sessionEndedFailure } from "../../adapters/shared/api-failure.ts";
import type { LoadQrInput, LoginInput, PreAuthInput } from "../../machines/auth/sign-in.actors.ts";
import { signInMachine } from "../../machines/auth/sign-in.machine.ts";
import type {
  ChangePasswordBody,
  CreateMfaBody,
  LoginWebResponse,
  ResendOtpBody,
  TotpQrResponse,
  VerifyOtpBody,
  VerifyOtpResponse,
} from "../../domain/shared/wire/auth.ts";

/** The sign-in machine with its effects bound to the adapters (or to fakes in tests). */
export type SignInLogic = typeof signInMachine;

/**
 * The sign-in flow's actors on the adapters' auth API. The client reads the pre-auth token from
 * the credentials store, so the token the machine passes in must be the one stored there; the
 * store is filled here, after login_web (pre-authenticated) and after totp/verify (authenticated),
 * and emptied only outside the flow (sign-out, refresh failure, a route guard), which the flow
 * hears through watchStoredSession. No page reconciles the two.
 */
export const signInLogicFor = (adapters: Pick<Adapters, "authApi" | "credentials">): SignInLogic => {
  const { authApi, credentials } = adapters;

  // A flow whose token is no longer the stored one belongs to a session that has ended (cleared
  // by a 401 or a sign-out): failing with 401 sends the machine back to the credentials instead
  // of sending a call under someone else's token.
  const withToken = <T>(token: string, call: () => Promise<T>): Promise<T> =>
    credentials.read().preAuthToken === token ? call() : Promise.reject(sessionEndedFailure());

  return signInMachine.provide({
    actors: {
      // The store is the one source of whether a session exists; the flow hears only its end.
      watchStoredSession: fromCallback<{ readonly type: "session.ended" }>(({ sendBack }) => {
        let phase = credentials.phase();
        return credentials.subscribe(() => {
          const before = phase;
          phase = credentials.phase();
          if (before !== "anonymous" && phase === "anonymous") sendBack({ type: "session.ended" });
        });
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
