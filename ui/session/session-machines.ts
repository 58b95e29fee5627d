import { fromPromise } from "xstate";
import type { SessionTokenRefresh } from "../../machines/auth/session-token-refresh.ts";
import { idleSignOffMachine, type IdleSignOutInput } from "../../machines/shared/session/idle-sign-off.machine.ts";

// The signed-in session's machines get their effects here and nowhere else (docs/ui.md, "Where
// machines are provided"). Only the lazy idle sign-off imports this file, so the machine travels
// with the first signed-in page, not with sign-in (docs/session.md, "Bundle").

/** What the idle sign-off needs: the session's token refresh (its keep-alive) and the app's sign-out. */
export type IdleSignOffDependencies = {
  readonly tokenRefresh: SessionTokenRefresh;
  readonly signOut: (input: IdleSignOutInput) => Promise<void>;
};

/** The idle sign-off machine whose keep-alive joins any refresh already running. */
export const idleSignOffLogicFor = ({ tokenRefresh, signOut }: IdleSignOffDependencies) =>
  idleSignOffMachine.provide({
    actors: {
      keepAlive: fromPromise<void>(async () => {
        const outcome = await tokenRefresh.awaitFreshToken(tokenRefresh.currentGeneration());
        if (outcome !== "refreshed") throw new Error("the session has already ended");
      }),
      signOut: fromPromise<void, IdleSignOutInput>(({ input }) => signOut(input)),
    },
  });
