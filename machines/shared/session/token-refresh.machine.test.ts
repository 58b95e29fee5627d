import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, type AnyStateMachine, type EventObject } from "xstate";
import type { RefreshResponse } from "../../../domain/shared/wire/auth.ts";
import { exploreCoverage } from "../../diagrams/coverage.test-helper.ts";
import { awaitFreshToken, currentGeneration } from "./await-fresh-token.ts";
import { tokenRefreshMachine } from "./token-refresh.machine.ts";

const TOKENS: RefreshResponse = { access: "new-access", refresh: "new-refresh" };

type Deferred = { readonly promise: Promise<RefreshResponse>; resolve: (tokens: RefreshResponse) => void; reject: (error: unknown) => void };
const deferred = (): Deferred => {
  let resolve: (tokens: RefreshResponse) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<RefreshResponse>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
};

/** A token-refresh actor whose refresh answers only when the test says so, counting every effect. */
const startRefresher = (refresh: () => Promise<RefreshResponse>) => {
  const effects = { refreshCalls: 0, stored: new Array<RefreshResponse>(), cleared: 0, reloaded: 0 };
  const machine = tokenRefreshMachine.provide({
    actors: {
      refreshTokens: fromPromise<RefreshResponse>(() => {
        effects.refreshCalls += 1;
        return refresh();
      }),
    },
    actions: {
      storeTokens: (_, tokens) => {
        effects.stored.push(tokens);
      },
      clearAuthState: () => {
        effects.cleared += 1;
      },
      reloadPage: () => {
        effects.reloaded += 1;
      },
    },
  });
  return { actor: createActor(machine).start(), effects };
};

describe("token refresh", () => {
  it("turns 10 concurrent 401s into one refresh and lets all 10 requests retry", async () => {
    const answer = deferred();
    const { actor, effects } = startRefresher(() => answer.promise);
    const waiting = Array.from({ length: 10 }, () => awaitFreshToken(actor, 0));
    expect(actor.getSnapshot().matches("refreshingToken")).toBe(true);
    answer.resolve(TOKENS);
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 10 }, () => "refreshed"));
    expect(effects).toEqual({ refreshCalls: 1, stored: [TOKENS], cleared: 0, reloaded: 0 });
    expect(currentGeneration(actor)).toBe(1);
  });

  it("does not refresh again for a 401 of a request sent before the refresh", async () => {
    const { actor, effects } = startRefresher(() => Promise.resolve(TOKENS));
    expect(await awaitFreshToken(actor, 0)).toBe("refreshed");
    actor.send({ type: "token.expired", generation: 0 });
    expect(actor.getSnapshot().matches("idle")).toBe(true);
    expect(await awaitFreshToken(actor, 0)).toBe("refreshed");
    expect(effects.refreshCalls).toBe(1);
  });

  it("refreshes again when tokens of the current generation expire later", async () => {
    const { actor, effects } = startRefresher(() => Promise.resolve(TOKENS));
    expect(await awaitFreshToken(actor, 0)).toBe("refreshed");
    expect(await awaitFreshToken(actor, currentGeneration(actor))).toBe("refreshed");
    expect(effects.refreshCalls).toBe(2);
    expect(currentGeneration(actor)).toBe(2);
  });

  it("clears the auth state and reloads once when the refresh fails, ending every waiting request", async () => {
    const answer = deferred();
    const { actor, effects } = startRefresher(() => answer.promise);
    const waiting = Array.from({ length: 5 }, () => awaitFreshToken(actor, 0));
    answer.reject({ code: "ERROR_001", message: "An error occurred", status: 401 });
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 5 }, () => "ended"));
    expect(effects).toEqual({ refreshCalls: 1, stored: [], cleared: 1, reloaded: 1 });
    expect(actor.getSnapshot().status).toBe("done");
    expect(await awaitFreshToken(actor, 0)).toBe("ended");
  });

  it("ends waiting requests on session.ended without clearing or reloading (sign-out does that)", async () => {
    const answer = deferred();
    const { actor, effects } = startRefresher(() => answer.promise);
    const waiting = awaitFreshToken(actor, 0);
    actor.send({ type: "session.ended" });
    expect(await waiting).toBe("ended");
    expect(effects).toEqual({ refreshCalls: 1, stored: [], cleared: 0, reloaded: 0 });
  });

  it("answers ended for a stopped actor instead of waiting forever", async () => {
    const { actor, effects } = startRefresher(() => Promise.resolve(TOKENS));
    actor.stop();
    expect(await awaitFreshToken(actor, 0)).toBe("ended");
    expect(effects.refreshCalls).toBe(0);
  });

  test.prop([fc.integer({ min: 1, max: 50 }), fc.scheduler()])(
    "calls refresh exactly once for any number of concurrent 401s in any order around its answer",
    async (count, scheduler) => {
      const { actor, effects } = startRefresher(() => scheduler.schedule(Promise.resolve(TOKENS), "refresh answers"));
      const waiting = Array.from({ length: count }, (_, index) =>
        scheduler.schedule(Promise.resolve(index), `401 of request ${index}`).then(() => awaitFreshToken(actor, 0)),
      );
      await scheduler.waitAll();
      expect(await Promise.all(waiting)).toEqual(Array.from({ length: count }, () => "refreshed"));
      expect(effects.refreshCalls).toBe(1);
      expect(effects.stored).toEqual([TOKENS]);
    },
  );
});

describe("the token-refresh machine, explored with @xstate/graph", () => {
  const machine: AnyStateMachine = tokenRefreshMachine;
  // Invoke results are events the machine never declares, so samples are loosely typed.
  const events: ReadonlyArray<EventObject & Readonly<Record<string, unknown>>> = [
      { type: "token.expired", generation: 0 },
      { type: "session.ended" },
      { type: "xstate.done.actor.refreshTokens", output: TOKENS },
      { type: "xstate.error.actor.refreshTokens", error: new Error("refresh refused") },
  ];
  const coverage = exploreCoverage(machine, {
    // Requests all saw generation 0, so the explored generations stay few.
    events,
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context }),
    inertActions: ["storeTokens", "clearAuthState", "reloadPage"],
  });

  it("reaches every state node and takes every transition", () => {
    expect(coverage.stateIds).toEqual(["tokenRefresh.idle", "tokenRefresh.refreshingToken", "tokenRefresh.sessionEnded"]);
    expect(coverage.unreachedStateIds).toEqual([]);
    expect(coverage.transitionKeys.length).toBe(6);
    expect(coverage.untakenTransitionKeys).toEqual([]);
  });
});
