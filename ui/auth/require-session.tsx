import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { AUTH_ROUTES } from "../../machines/auth/auth-route.ts";
import { RestoringSessionPage } from "../pages/restoring-session-page.tsx";
import { useSessionPhase } from "./use-session.ts";

// Application routes need a full session (spec section 2). After a reload only the refresh token
// is left ("restoring"): the page waits for the refresh instead of sending the person to sign-in.
export function RequireSession({ children }: { children: ReactNode }) {
  const phase = useSessionPhase();
  if (phase === "authenticated") return children;
  if (phase === "restoring") return <RestoringSessionPage />;
  return <Redirect to={AUTH_ROUTES.signIn} replace />;
}
