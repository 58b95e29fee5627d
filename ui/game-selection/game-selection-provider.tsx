import { useActorRef, useSelector } from "@xstate/react";
import { createContext, type ReactNode, useContext } from "react";
import type { ActorRefFrom } from "xstate";
import { gameSelectionMachine } from "../../machines/exercises/game-selection.machine.ts";
import { assignableCount } from "../../machines/exercises/game-selection.selectors.ts";

type GameSelectionActor = ActorRefFrom<typeof gameSelectionMachine>;

const GameSelectionContext = createContext<GameSelectionActor | null>(null);

// The games picked on /exercises travel to /create/assign/ (and a patient's record can start an
// individual assignment): one game-selection actor for the whole signed-in area, so moving between
// those pages keeps the selection. It lives as long as the signed-in routes: signing out forgets it.
export function GameSelectionProvider({ children }: { readonly children: ReactNode }) {
  const actor = useActorRef(gameSelectionMachine);
  return <GameSelectionContext.Provider value={actor}>{children}</GameSelectionContext.Provider>;
}

/** The signed-in area's game-selection actor (docs/machines/game-selection.md). */
export function useGameSelection(): GameSelectionActor {
  const actor = useContext(GameSelectionContext);
  if (actor === null) throw new Error("useGameSelection needs a GameSelectionProvider above it");
  return actor;
}

/** How many games are selected to assign (a chosen template's games, else the picked ones): what the /create/assign/ route's guard reads. */
export function useSelectedGameCount(): number {
  return useSelector(useGameSelection(), assignableCount);
}
