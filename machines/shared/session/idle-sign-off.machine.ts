import { assign, fromPromise, setup } from "xstate";
import { IDLE_WARNING_AFTER_MS, IDLE_WARNING_LEAD_MS, KEEP_ALIVE_INTERVAL_MS } from "../../../domain/shared/session/idle-policy.ts";

/** Why the sign-off runs: nobody used the page, the person chose to leave, or the server had already ended the session. */
export type IdleSignOutReason = "idle" | "chosen" | "sessionLost";

/** What the signOut actor is told, so the app can leave the right message on the sign-in page. */
export type IdleSignOutInput = { readonly reason: IdleSignOutReason };

export type IdleSignOffContext = {
  /** The person used the page since the last keep-alive, which the server has not heard about yet. */
  readonly activitySinceKeepAlive: boolean;
  readonly reason: IdleSignOutReason;
};

/**
 * `activity.seen`: the person used the page (pointer, key, wheel, touch, scroll). `idle.stay` and
 * `idle.signOut`: their answer to the warning. `session.ended`: the session ended elsewhere
 * (sign-out, a failed refresh, a 401), so there is nothing left to watch.
 */
export type IdleSignOffEvent =
  | { readonly type: "activity.seen" }
  | { readonly type: "idle.stay" }
  | { readonly type: "idle.signOut" }
  | { readonly type: "session.ended" };

// XState reads only the types of `setup({ types })`; a declared return type keeps the whole union.
const anyIdleSignOffEvent = (): IdleSignOffEvent => ({ type: "session.ended" });
const INITIAL_CONTEXT: IdleSignOffContext = { activitySinceKeepAlive: false, reason: "idle" };

const notProvided = (name: string) => () => Promise.reject(new Error(`idle-sign-off actor "${name}" was not provided`));

/**
 * Automatic sign-off of an unattended session (docs/session.md): 29 minutes after the last use of
 * the page a warning appears; unanswered for its last 60 seconds, the session is signed out. While
 * the person is active, a keep-alive (a token refresh) tells the server at most every 5 minutes,
 * so the server never ends a session the browser still considers in use.
 */
export const idleSignOffMachine = setup({
  types: { context: INITIAL_CONTEXT, events: anyIdleSignOffEvent() },
  delays: {
    idleWarning: IDLE_WARNING_AFTER_MS,
    warningLead: IDLE_WARNING_LEAD_MS,
    keepAliveInterval: KEEP_ALIVE_INTERVAL_MS,
  },
  actors: {
    /** Renews the session on the server (a token refresh); rejects when the session is already over. */
    keepAlive: fromPromise<void>(notProvided("keepAlive")),
    /** The app's whole sign-out: server, credentials, storages, data cache, sign-in page. */
    signOut: fromPromise<void, IdleSignOutInput>(notProvided("signOut")),
  },
  guards: {
    wasActiveSinceKeepAlive: ({ context }) => context.activitySinceKeepAlive,
  },
  actions: {
    noteActivity: assign({ activitySinceKeepAlive: true }),
    forgetActivity: assign({ activitySinceKeepAlive: false }),
    giveReason: assign((_args, reason: IdleSignOutReason) => ({ reason })),
  },
}).createMachine({
  id: "idleSignOff",
  initial: "watching",
  context: INITIAL_CONTEXT,
  on: { "session.ended": ".signedOut" },
  states: {
    watching: {
      type: "parallel",
      states: {
        idleClock: {
          initial: "counting",
          states: {
            counting: {
              after: { idleWarning: "#idleSignOff.warning" },
              on: {
                "activity.seen": {
                  target: "counting",
                  reenter: true,
                  description: "Any use of the page starts the 29 minutes again.",
                },
              },
            },
          },
        },
        // The server's idle clock only hears of API calls and refreshes, so activity that makes no
        // call is passed on by a refresh, at most once per interval.
        serverClock: {
          initial: "coolingDown",
          states: {
            coolingDown: {
              entry: "forgetActivity",
              on: { "activity.seen": { actions: "noteActivity" } },
              after: {
                keepAliveInterval: [
                  { guard: "wasActiveSinceKeepAlive", target: "refreshingSession" },
                  { target: "waitingForActivity" },
                ],
              },
            },
            waitingForActivity: {
              on: { "activity.seen": "refreshingSession" },
            },
            refreshingSession: {
              invoke: {
                id: "keepAlive",
                src: "keepAlive",
                onDone: "coolingDown",
                onError: {
                  target: "#idleSignOff.signingOut",
                  actions: { type: "giveReason", params: "sessionLost" },
                },
              },
            },
          },
        },
      },
    },
    warning: {
      after: {
        warningLead: { target: "signingOut", actions: { type: "giveReason", params: "idle" } },
      },
      on: {
        "activity.seen": {
          description: "Only an answer dismisses the warning: a bumped mouse must not keep an unattended session open.",
        },
        "idle.stay": "keepingAlive",
        "idle.signOut": { target: "signingOut", actions: { type: "giveReason", params: "chosen" } },
      },
    },
    keepingAlive: {
      invoke: {
        id: "keepAlive",
        src: "keepAlive",
        onDone: "watching",
        onError: { target: "signingOut", actions: { type: "giveReason", params: "sessionLost" } },
      },
    },
    signingOut: {
      invoke: {
        id: "signOut",
        src: "signOut",
        input: ({ context }) => ({ reason: context.reason }),
        // Sign-out clears everything locally even when the server cannot be reached.
        onDone: "signedOut",
        onError: "signedOut",
      },
      on: {
        "session.ended": { description: "The sign-out itself ends the session; it still runs to the sign-in page." },
      },
    },
    signedOut: { type: "final" },
  },
});
