import { assign, fromCallback, not, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { UserId } from "../../domain/shared/ids.ts";
import type { AuthUser } from "../../domain/shared/wire/auth.ts";
import { tokenRefreshMachine } from "../shared/session/token-refresh.machine.ts";
import type { AuthStanding } from "./auth-route-guards.ts";

/** How the credentials store describes the session (adapters/shared/session/credentials-port.ts). */
export type StoredSessionPhase = "anonymous" | "preAuthenticated" | "authenticated" | "restoring";

/** What the session actor hears of the credentials store each time it changes (and once at start). */
export type StoredSessionFacts = {
  readonly phase: StoredSessionPhase;
  readonly userId: UserId | null;
  /** The user login_web described while pre-authenticated; null otherwise. */
  readonly user: AuthUser | null;
};

export type SessionContext = { readonly userId: UserId | null; readonly user: AuthUser | null };

/** `credentials.changed`: from watchCredentials, the store's subscription. */
export type SessionEvent = { readonly type: "credentials.changed" } & StoredSessionFacts;

// XState reads only the types of `setup({ types })`; a declared return type keeps the whole union.
const anySessionEvent = (): SessionEvent => ({ type: "credentials.changed", phase: "anonymous", userId: null, user: null });
const INITIAL_CONTEXT: SessionContext = { userId: null, user: null };

// Placeholders fail loudly: the app and the tests must provide every effect.
const notProvided = (name: string) => () => {
  throw new Error(`session "${name}" was not provided`);
};

const phaseIs =
  (phase: StoredSessionPhase) =>
  ({ event }: { readonly event: SessionEvent }): boolean =>
    event.phase === phase;

/**
 * The one owner of the browser's session (spec sections 2-4): it alone subscribes to the
 * credentials store, starts the refresh of a reloaded session, runs the token refresh for as long
 * as a session lasts (stopping it ends every request still waiting for a token), and clears a
 * pre-authentication the app knows nothing about. The UI reads the standing from it.
 */
export const sessionMachine = setup({
  types: { context: INITIAL_CONTEXT, events: anySessionEvent() },
  actors: {
    /** Sends `credentials.changed` with the store's facts at once and after every change. */
    watchCredentials: fromCallback<SessionEvent>(notProvided("watchCredentials")),
    /** The token refresh of one session; the app provides its effects (machines/shared/session). */
    tokenRefresh: tokenRefreshMachine,
  },
  guards: {
    isAnonymous: phaseIs("anonymous"),
    isPreAuthenticated: phaseIs("preAuthenticated"),
    isRestoring: phaseIs("restoring"),
    knowsPreAuthUser: ({ context }) => context.user !== null,
  },
  actions: {
    rememberFacts: assign(({ event }) => ({ userId: event.userId, user: event.user })),
    /** Empties the credentials store (memory and sessionStorage). */
    clearCredentials: notProvided("clearCredentials"),
    // A reload keeps only the refresh token: a fresh refresher (generation 0) renews it at once.
    startRestore: sendTo("tokenRefresh", { type: "token.expired", generation: 0 }),
  },
}).createMachine({
  id: "session",
  initial: "signedOut",
  context: INITIAL_CONTEXT,
  invoke: { id: "watchCredentials", src: "watchCredentials" },
  on: {
    "credentials.changed": [
      { guard: "isAnonymous", target: ".signedOut", actions: "rememberFacts" },
      { guard: "isPreAuthenticated", target: ".preAuth", actions: "rememberFacts" },
      { guard: "isRestoring", target: ".active.restoring", actions: "rememberFacts" },
      { target: ".active.signedIn", actions: "rememberFacts" },
    ],
  },
  states: {
    signedOut: {},
    preAuth: {
      initial: "known",
      states: {
        known: { always: { guard: not("knowsPreAuthUser"), target: "unknown" } },
        // Spec section 2: a pre-authentication whose state is unknown is cleared; the store's
        // change then brings the actor to signedOut, and the guards send the person to sign-in.
        unknown: { entry: "clearCredentials" },
      },
    },
    active: {
      // One refresher per session: leaving `active` stops it, which answers every waiting request
      // "ended", and a late refresh answer has nobody left to store it.
      invoke: { id: "tokenRefresh", src: "tokenRefresh" },
      // Handled here, not only at the root, so that a move inside the session (restored, new
      // tokens) does not leave and re-enter `active`, which would restart the refresher.
      on: {
        "credentials.changed": [
          { guard: "isAnonymous", target: "signedOut", actions: "rememberFacts" },
          { guard: "isPreAuthenticated", target: "preAuth", actions: "rememberFacts" },
          { guard: "isRestoring", target: ".restoring", actions: "rememberFacts" },
          { target: ".signedIn", actions: "rememberFacts" },
        ],
      },
      initial: "signedIn",
      states: {
        restoring: { entry: "startRestore" },
        signedIn: {},
      },
    },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Where the session stands: nobody, half-way through sign-in, signed in, or back from a reload with only the refresh token. */
export type SessionStanding = "signedOut" | "preAuth" | "signedIn" | "restoring";

/** The standing a session snapshot shows. */
export const sessionStandingOf = (snapshot: SessionSnapshot): SessionStanding => {
  if (snapshot.matches({ active: "restoring" })) return "restoring";
  if (snapshot.matches("active")) return "signedIn";
  if (snapshot.matches("preAuth")) return "preAuth";
  return "signedOut";
};

/**
 * The standing the route guards read (machines/auth/auth-route-guards.ts). A restoring session
 * counts as signed in (its refresh runs first); a pre-authentication is known by the user
 * login_web described, which the store holds from the moment the answer arrives.
 */
export const authStandingOf = (snapshot: SessionSnapshot): AuthStanding => {
  const standing = sessionStandingOf(snapshot);
  if (standing === "signedIn" || standing === "restoring") return { kind: "signedIn" };
  if (standing === "signedOut") return { kind: "anonymous" };
  const { user } = snapshot.context;
  return { kind: "preAuthenticated", needChangePassword: user?.change_password ?? null, needTwoFactor: user === null ? null : true };
};

/** Two guard standings say the same (useSelector compares slices with this). */
export const sameAuthStanding = (a: AuthStanding, b: AuthStanding): boolean =>
  a.kind === b.kind &&
  (a.kind !== "preAuthenticated" ||
    b.kind !== "preAuthenticated" ||
    (a.needChangePassword === b.needChangePassword && a.needTwoFactor === b.needTwoFactor));
