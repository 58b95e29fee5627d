import { useAuthRouteSync } from "./use-auth-route-sync.ts";

// Renders nothing: keeps the address bar on the sign-in flow's step. It sits inside the router (it
// navigates) and beside the routes (it must run whatever page is shown). The flow follows the
// stored session by itself (watchStoredSession in ui/app/auth-machines.ts).
export function AuthFlowSync() {
  useAuthRouteSync();
  return null;
}
