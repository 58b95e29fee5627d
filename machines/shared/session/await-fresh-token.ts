import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { tokenRefreshMachine } from "./token-refresh.machine.ts";

/** The running token-refresh actor the HTTP adapter talks to. */
export type TokenRefreshActor = ActorRefFrom<typeof tokenRefreshMachine>;

/** What became of a request's expired token: fresh tokens are stored, or the session is over. */
export type FreshTokenOutcome = "refreshed" | "ended";

const outcomeOf = (snapshot: SnapshotFrom<typeof tokenRefreshMachine>, seen: number): FreshTokenOutcome | null => {
  if (snapshot.status !== "active" || snapshot.matches("sessionEnded")) return "ended";
  return snapshot.context.generation > seen ? "refreshed" : null;
};

/** The token generation a request is sent with; pass it to awaitFreshToken when that request sees 401. */
export const currentGeneration = (actor: TokenRefreshActor): number => actor.getSnapshot().context.generation;

/**
 * For a request that saw 401 with tokens of `seenGeneration`: reports the expiry and resolves once
 * newer tokens are stored ("refreshed": retry the request once) or the session ended ("ended").
 */
export const awaitFreshToken = (actor: TokenRefreshActor, seenGeneration: number): Promise<FreshTokenOutcome> =>
  new Promise((resolve) => {
    const already = outcomeOf(actor.getSnapshot(), seenGeneration);
    if (already !== null) {
      resolve(already);
      return;
    }
    const subscription = actor.subscribe({
      next: (snapshot) => {
        const outcome = outcomeOf(snapshot, seenGeneration);
        if (outcome === null) return;
        subscription.unsubscribe();
        resolve(outcome);
      },
      error: () => resolve("ended"),
      complete: () => resolve("ended"),
    });
    actor.send({ type: "token.expired", generation: seenGeneration });
  });
