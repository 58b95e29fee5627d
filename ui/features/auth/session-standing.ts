import type { SessionPhase } from "../../../adapters/shared/session/credentials-port.ts";
import { standingOf, type AuthStanding } from "../../../machines/auth/auth-route-guards.ts";
import type { SignInSnapshot } from "../../../machines/auth/auth-route.ts";

/** What the route guards need to know about the sign-in flow. */
export type FlowFacts = {
  /** The flow's own standing (its pre-auth token and what the user still owes). */
  readonly standing: AuthStanding;
  /** login_web has answered but the flow has not taken the token yet. */
  readonly awaitingLogin: boolean;
};

/** The facts read from a sign-in snapshot. */
export const flowFactsOf = (snapshot: SignInSnapshot): FlowFacts => ({
  standing: standingOf(snapshot),
  awaitingLogin: snapshot.matches("signingIn"),
});

const UNKNOWN_PRE_AUTH: AuthStanding = { kind: "preAuthenticated", needChangePassword: null, needTwoFactor: null };

/**
 * Where a person stands for the route guards. The credentials store decides the phase (a reload
 * keeps only the refresh token, so "restoring" counts as signed in: the refresh runs first); the
 * sign-in flow knows what a pre-authenticated person still owes. A stored pre-auth token the flow
 * does not know about is the spec's "unknown state", which the guards clear.
 */
export const sessionStanding = (phase: SessionPhase, flow: FlowFacts): AuthStanding => {
  if (phase === "authenticated" || phase === "restoring") return { kind: "signedIn" };
  if (phase === "anonymous") return { kind: "anonymous" };
  if (flow.standing.kind === "preAuthenticated") return flow.standing;
  // The store is filled a moment before the flow takes the login answer; that is not unknown.
  if (flow.awaitingLogin) return { kind: "anonymous" };
  return UNKNOWN_PRE_AUTH;
};

/** Two standings say the same (useSelector compares slices with this). */
export const sameFlowFacts = (a: FlowFacts, b: FlowFacts): boolean =>
  a.awaitingLogin === b.awaitingLogin &&
  a.standing.kind === b.standing.kind &&
  (a.standing.kind !== "preAuthenticated" ||
    b.standing.kind !== "preAuthenticated" ||
    (a.standing.needChangePassword === b.standing.needChangePassword &&
      a.standing.needTwoFactor === b.standing.needTwoFactor));
