import { useSyncExternalStore } from "react";
import type { SessionPhase } from "../../adapters/shared/session/credentials-port.ts";
import type { UserId } from "../../domain/shared/ids.ts";
import { useServices } from "../app/services-context.tsx";

/** Where the auth session stands (anonymous, preAuthenticated, authenticated, restoring); re-renders when it moves. */
export function useSessionPhase(): SessionPhase {
  const { credentials } = useServices().adapters;
  return useSyncExternalStore(credentials.subscribe, () => credentials.phase());
}

/** The signed-in user's id, or null without a session. */
export function useSessionUserId(): UserId | null {
  const { credentials } = useServices().adapters;
  return useSyncExternalStore(credentials.subscribe, () => credentials.read().userId);
}
