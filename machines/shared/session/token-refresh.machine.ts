import { assign, fromPromise, setup } from "xstate";
import type { RefreshResponse } from "../../../domain/shared/wire/auth.ts";

/** How many times the tokens have been refreshed; a request remembers the value it was sent with. */
export type TokenRefreshContext = { readonly generation: number };

/** A request saw 401 with tokens of `generation`; or the session ended (sign-out). */
export type TokenRefreshEvent =
  | { readonly type: "token.expired"; readonly generation: number }
  | { readonly type: "session.ended" };

// XState reads only the types of `setup({ types })`; a declared return type keeps the whole union.
const anyTokenRefreshEvent = (): TokenRefreshEvent => ({ type: "session.ended" });
const INITIAL_CONTEXT: TokenRefreshContext = { generation: 0 };

// Placeholders fail loudly: the app and the tests must provide every effect.
const notProvided = (name: string) => () => {
  throw new Error(`token-refresh "${name}" was not provided`);
};

/**
 * One refresh for any number of concurrent 401s: the first expiry of the current generation
 * starts `refreshTokens`, later ones wait for it, and expiries of an older generation are already
 * answered. A failed refresh clears the auth state and reloads the page (spec 4).
 */
export const tokenRefreshMachine = setup({
  types: { context: INITIAL_CONTEXT, events: anyTokenRefreshEvent() },
  actors: {
    /** authentication/refresh with the stored refresh token; rejects when the session cannot go on. */
    refreshTokens: fromPromise<RefreshResponse>(() =>
      Promise.reject(new Error('token-refresh actor "refreshTokens" was not provided')),
    ),
  },
  guards: {
    isStaleGeneration: ({ context }, seen: { readonly generation: number }) => seen.generation < context.generation,
  },
  actions: {
    storeTokens: (_args: unknown, _tokens: RefreshResponse) => notProvided("storeTokens")(),
    clearAuthState: notProvided("clearAuthState"),
    reloadPage: notProvided("reloadPage"),
    advanceGeneration: assign(({ context }) => ({ generation: context.generation + 1 })),
  },
}).createMachine({
  id: "tokenRefresh",
  initial: "idle",
  context: INITIAL_CONTEXT,
  on: { "session.ended": ".sessionEnded" },
  states: {
    idle: {
      on: {
        "token.expired": [
          {
            guard: { type: "isStaleGeneration", params: ({ event }) => event },
            description: "The tokens were refreshed after the request was sent: it retries at once.",
          },
          { target: "refreshingToken" },
        ],
      },
    },
    refreshingToken: {
      invoke: {
        id: "refreshTokens",
        src: "refreshTokens",
        // Tokens are stored before the generation moves, so every waiting request retries with them.
        onDone: {
          target: "idle",
          actions: [{ type: "storeTokens", params: ({ event }) => event.output }, "advanceGeneration"],
        },
        onError: { target: "sessionEnded", actions: ["clearAuthState", "reloadPage"] },
      },
      on: {
        "token.expired": { description: "The refresh in flight answers this request too." },
      },
    },
    sessionEnded: { type: "final" },
  },
});
