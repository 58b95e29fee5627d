import { useEffect } from "react";
import { useLocation } from "wouter";
import { useServices } from "../../app/services-context.tsx";

// Spec section 2: a pre-authenticated person whose state is unknown has the auth state cleared
// (the stored session, which the sign-in flow follows) before going to sign-in.
export function ClearSessionRedirect({ to }: { to: string }) {
  const { credentials } = useServices().adapters;
  const [, navigate] = useLocation();
  useEffect(() => {
    credentials.clear();
    navigate(to, { replace: true });
  }, [credentials, navigate, to]);
  return null;
}
