import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { guardPublicAuthPage } from "../../../machines/auth/auth-route-guards.ts";
import { useAuthStanding } from "../../session/use-session.ts";

// /auth/forgot-password, /auth/email-confirmation (spec section 2) and /auth/invitation: for people who are not
// signed in at all; anyone signed in or half-way through sign-in goes to the main page.
export function PublicAuthRoute({ children }: { children: ReactNode }) {
  const decision = guardPublicAuthPage(useAuthStanding());
  if (decision.kind === "allow" || decision.kind === "loading") return children;
  return <Redirect key={decision.to} to={decision.to} replace />;
}
