import { useEffect } from "react";
import type { CredentialsPort, SessionPhase } from "../../adapters/shared/session/credentials-port.ts";
import { useServices } from "../app/services-context.tsx";

/**
 * Spec section 4: when a session ends, all cached server data is cleared. Sign-out does it itself,
 * but a session also ends by a failed refresh, by a 401 that clears the credentials, or by the idle
 * sign-off; the credentials store is the one place every one of them passes through.
 * Returns the unsubscribe function.
 */
export const clearCacheOnSessionEnd = (credentials: Pick<CredentialsPort, "phase" | "subscribe">, cache: { clear(): void }) => {
  let previous: SessionPhase = credentials.phase();
  return credentials.subscribe(() => {
    const phase = credentials.phase();
    // Only the move into "anonymous" ends a session; storing refreshed tokens must not drop the cache.
    if (phase === "anonymous" && previous !== "anonymous") cache.clear();
    previous = phase;
  });
};

/** Clears the data cache whenever the session ends, however it ends. */
export function useClearCacheOnSessionEnd(): void {
  const { adapters, queryCache } = useServices();
  useEffect(() => clearCacheOnSessionEnd(adapters.credentials, queryCache), [adapters.credentials, queryCache]);
}

/** useClearCacheOnSessionEnd as an element, for the app's root (ui/app/app.tsx). */
export function ClearCacheOnSessionEnd(): null {
  useClearCacheOnSessionEnd();
  return null;
}
