import { useActorRef, useSelector } from "@xstate/react";
import { useState } from "react";
import { IDLE_SIGNED_OUT_NOTICE } from "../../domain/shared/session/idle-policy.ts";
import { idleSignOffLogicFor } from "./session-machines.ts";
import { useServices } from "../services/services-context.tsx";
import { useSignOut } from "./use-sign-out.ts";
import { showToast } from "../feedback/toast-queue.ts";
import { IdleWarningDialog } from "./idle-warning-dialog.tsx";
import { useActivitySignals } from "./use-activity-signals.ts";

/**
 * The idle sign-off of one signed-in session (machines/shared/session/idle-sign-off.machine.ts): page
 * activity feeds the machine, its keep-alive is a token refresh through the same port the HTTP
 * client uses (so it joins any refresh already running), and its sign-out is the app's sign-out.
 * Mounted by <IdleSignOff /> only while the session is authenticated; unmounting stops it.
 */
export function IdleSignOffSession() {
  const { session } = useServices();
  const signOut = useSignOut();
  // The actor is made once, with the services of its session: they are built once at start-up
  // (ui/app/app-services.ts) and the router's navigate does not change, so nothing goes stale.
  const [logic] = useState(() =>
    idleSignOffLogicFor({
      tokenRefresh: session.tokenRefresh,
      signOut: async ({ reason }) => {
        // Shown before leaving: the toast region outlives the page, so the message waits on sign-in.
        if (reason === "idle") showToast({ ...IDLE_SIGNED_OUT_NOTICE, variant: "default" });
        await signOut();
      },
    }),
  );
  const actor = useActorRef(logic);
  useActivitySignals(() => actor.send({ type: "activity.seen" }));
  const warning = useSelector(actor, (snapshot) => snapshot.matches("warning"));

  return (
    <IdleWarningDialog
      isOpen={warning}
      onStay={() => actor.send({ type: "idle.stay" })}
      onSignOut={() => actor.send({ type: "idle.signOut" })}
    />
  );
}
