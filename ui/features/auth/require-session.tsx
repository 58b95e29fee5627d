import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { AUTH_ROUTES } from "../../../machines/auth/auth-route.ts";
import { useRestoreSession } from "./use-restore-session.ts";
import { useSessionPhase } from "../../session/use-session.ts";

// Starts the refresh of a reloaded session; renders nothing of its own.
function RestoreSession() {
  useRestoreSession();
  return null;
}

// Application routes need a full session (spec section 2). After a reload only the refresh token
// is left ("restoring"): the page itself renders at once (shell frame, heading, busy status) while
// the refresh runs, instead of a "restoring" screen first. Its calls wait for the fresh token in
// the HTTP client, and a failed refresh clears the session and reloads, which lands on sign-in.
// The children keep one place in the tree in both phases, so the page is not remounted when the
// refresh completes.
export function RequireSession({ children }: { children: ReactNode }) {
  const phase = useSessionPhase();
  if (phase !== "authenticated" && phase !== "restoring") return <Redirect to={AUTH_ROUTES.signIn} replace />;
  return (
    <>
      {phase === "restoring" ? <RestoreSession /> : null}
      {children}
    </>
  );
}
