import { useEffect } from "react";
import { sessionStandingOf, type SessionActor } from "../../machines/auth/session.machine.ts";
import { useServices } from "../services/services-context.tsx";

/**
 * Spec section 4: when a session ends, all cached server data is cleared. Sign-out does it itself,
 * but a session also ends by a failed refresh, by a 401 that clears the credentials, or by the idle
 * sign-off; the session actor sees every one of them. Returns the unsubscribe function.
 */
export const clearCacheOnSessionEnd = (session: SessionActor, cache: { clear(): void }): (() => void) => {
  let previous = sessionStandingOf(session.getSnapshot());
  const subscription = session.subscribe((snapshot) => {
    const standing = sessionStandingOf(snapshot);
    // Only the move into "signedOut" ends a session; storing refreshed tokens must not drop the cache.
    if (standing === "signedOut" && previous !== "signedOut") cache.clear();
    previous = standing;
  });
  return () => subscription.unsubscribe();
};

/** Clears the data cache whenever the session ends, however it ends. */
export function useClearCacheOnSessionEnd(): void {
  const { session, queryCache } = useServices();
  useEffect(() => clearCacheOnSessionEnd(session.actor, queryCache), [session.actor, queryCache]);
}

/** useClearCacheOnSessionEnd as an element, for the app's root (ui/app/app.tsx). */
export function ClearCacheOnSessionEnd(): null {
  useClearCacheOnSessionEnd();
  return null;
}
