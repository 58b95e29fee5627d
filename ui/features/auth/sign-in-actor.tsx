import { useActorRef } from "@xstate/react";
import { createContext, useContext, type ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import type { SignInLogic } from "../../services/app-services.ts";

/** The one running sign-in flow of the app. */
export type SignInActor = ActorRefFrom<SignInLogic>;

const SignInActorContext = createContext<SignInActor | null>(null);

// One actor for the whole app: the flow spans several routes, so it lives above the router's
// Switch and survives every navigation between the /auth pages.
export function SignInActorProvider({ logic, children }: { logic: SignInLogic; children: ReactNode }) {
  const actor = useActorRef(logic);
  return <SignInActorContext value={actor}>{children}</SignInActorContext>;
}

/** The app's sign-in actor; pages read it with narrow useSelector slices and send it events. */
export function useSignInActor(): SignInActor {
  const actor = useContext(SignInActorContext);
  if (actor === null) throw new Error("useSignInActor needs a <SignInActorProvider> above it");
  return actor;
}
