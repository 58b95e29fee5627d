import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { Redirect, useLocation, useSearch, useSearchParams } from "wouter";
import { authRouteFor } from "../../../machines/auth/auth-route.ts";
import { useSignInActor } from "./sign-in-actor.tsx";
import { addressOf, decideStepRoute } from "./step-route-decision.ts";
import { useAuthStanding } from "../../session/use-session.ts";

// Shows one step page of the sign-in flow (sign-in, change-password, mfa, code entry,
// registration) only when the guards of spec section 2 allow it; otherwise it redirects, replacing
// the history entry so Back never lands on a page that would bounce again. The standing is the
// session actor's, which has already cleared an unknown pre-authentication by itself, so a
// "clearAndRedirect" only needs the redirect here.
export function AuthStepRoute({ path, children }: { path: string; children: ReactNode }) {
  const actor = useSignInActor();
  const standing = useAuthStanding();
  const flowRoute = useSelector(actor, authRouteFor);
  const [location] = useLocation();
  const search = useSearch();
  const [params] = useSearchParams();

  const decision = decideStepRoute({
    path,
    platform: params.get("platform"),
    here: addressOf(location, search),
    standing,
    flowRoute,
  });
  // Keyed by target: wouter's Redirect navigates once, on mount.
  if (decision.kind === "redirect" || decision.kind === "clearAndRedirect") return <Redirect key={decision.to} to={decision.to} replace />;
  return children;
}
