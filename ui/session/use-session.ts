import { useSelector } from "@xstate/react";
import type { UserId } from "../../domain/shared/ids.ts";
import type { AuthStanding } from "../../machines/auth/auth-route-guards.ts";
import { authStandingOf, sameAuthStanding, sessionStandingOf, type SessionStanding } from "../../machines/auth/session.machine.ts";
import { useServices } from "../services/services-context.tsx";

/** Where the session stands (signedOut, preAuth, signedIn, restoring), read from the session actor. */
export function useSessionStanding(): SessionStanding {
  return useSelector(useServices().session.actor, sessionStandingOf);
}

/** The standing the route guards of spec section 2 read, from the session actor. */
export function useAuthStanding(): AuthStanding {
  return useSelector(useServices().session.actor, authStandingOf, sameAuthStanding);
}

/** The signed-in user's id, or null without a session. */
export function useSessionUserId(): UserId | null {
  return useSelector(useServices().session.actor, (snapshot) => snapshot.context.userId);
}
