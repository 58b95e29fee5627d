import { useAuthRouteSync } from "./use-auth-route-sync.ts";
import { useSessionClearedSync } from "./use-session-cleared-sync.ts";

// Renders nothing: ties the sign-in flow to the address bar and to the stored session. It sits
// inside the router (it navigates) and beside the routes (it must run whatever page is shown).
export function AuthFlowSync() {
  useAuthRouteSync();
  useSessionClearedSync();
  return null;
}
