import { useEffect } from "react";
import { useLocation } from "wouter";
import { useServices } from "../../app/services-context.tsx";
import { useSignInActor } from "./sign-in-actor.tsx";

// Spec section 2: a pre-authenticated person whose state is unknown has the auth state cleared
// (the stored session and the flow) before going to sign-in.
export function ClearSessionRedirect({ to }: { to: string }) {
  const { credentials } = useServices().adapters;
  const actor = useSignInActor();
  const [, navigate] = useLocation();
  useEffect(() => {
    credentials.clear();
    actor.send({ type: "session.cleared" });
    navigate(to, { replace: true });
  }, [credentials, actor, navigate, to]);
  return null;
}
