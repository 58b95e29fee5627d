import { useEffect } from "react";
import { standingOf } from "../../../machines/auth/auth-route-guards.ts";
import { useServices } from "../../app/services-context.tsx";
import { useSignInActor } from "./sign-in-actor.tsx";

/**
 * When the stored session ends (sign-out, a failed refresh), the sign-in flow forgets its tokens
 * too, so it cannot show a signed-in or half-signed-in step to the next person. A flow with a
 * call in flight is left alone: that call fails with 401 and brings its own message back.
 */
export function useSessionClearedSync(): void {
  const { credentials } = useServices().adapters;
  const actor = useSignInActor();
  useEffect(
    () =>
      credentials.subscribe(() => {
        if (credentials.phase() !== "anonymous") return;
        const snapshot = actor.getSnapshot();
        if (standingOf(snapshot).kind === "anonymous") return;
        if (Object.keys(snapshot.children).length > 0) return;
        actor.send({ type: "session.cleared" });
      }),
    [credentials, actor],
  );
}
