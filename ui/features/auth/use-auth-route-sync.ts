import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import { useLocation, useSearch } from "wouter";
import { authRouteFor } from "../../../machines/auth/auth-route.ts";
import { useSignInActor } from "./sign-in-actor.tsx";
import { addressOf } from "./step-route-decision.ts";

const AUTH_PREFIX = "/auth/";

/**
 * Keeps the address bar on the sign-in flow's current step: when the machine moves, the URL
 * follows (replacing the entry, so Back leaves the flow instead of replaying its steps). Only
 * while an /auth page is shown: a signed-in person on another page is not moved by the flow.
 */
export function useAuthRouteSync(): void {
  const actor = useSignInActor();
  const flowRoute = useSelector(actor, authRouteFor);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const here = useRef(addressOf(location, search));
  useEffect(() => {
    here.current = addressOf(location, search);
  }, [location, search]);

  const previousRoute = useRef(flowRoute);
  useEffect(() => {
    // Only a move of the machine counts; opening an address directly is the route guards' business.
    if (previousRoute.current === flowRoute) return;
    previousRoute.current = flowRoute;
    if (here.current.startsWith(AUTH_PREFIX) && here.current !== flowRoute) navigate(flowRoute, { replace: true });
  }, [flowRoute, navigate]);
}
