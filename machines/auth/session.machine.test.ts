import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from "xstate";
import { UserId } from "../../domain/shared/ids.ts";
import type { AuthUser, RefreshResponse } from "../../domain/shared/wire/auth.ts";
import { exploreCoverage } from "../diagrams/coverage.test-helper.ts";
import { tokenRefreshMachine } from "../shared/session/token-refresh.machine.ts";
import { sessionTokenRefresh } from "./session-token-refresh.ts";
import {
  authStandingOf,
  sessionMachine,
  sessionStandingOf,
  type SessionEvent,
  type StoredSessionFacts,
} from "./session.machine.ts";

const USER_ID = UserId.make(12);
const preAuthUser: AuthUser = { id: USER_ID, change_password: true, default_mfa_method: null, mfa_methods: ["email"], phone: null };

const anonymous: StoredSessionFacts = { phase: "anonymous", userId: null, user: null };
const preAuth: StoredSessionFacts = { phase: "preAuthenticated", userId: null, user: preAuthUser };
const signedIn: StoredSessionFacts = { phase: "authenticated", userId: USER_ID, user: null };
const restoring: StoredSessionFacts = { phase: "restoring", userId: USER_ID, user: null };

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

/**
 * The session machine over fakes: a stored session the test moves by hand (the watchCredentials
 * fake reports it like the store's subscription), and a refresher whose answers the test gives.
 * Every effect is counted; a refresh nobody scripted fails the test through `unexpected`.
 */
const startSessionActor = (initial: StoredSessionFacts, scripted: readonly Deferred[] = []) => {
  let stored = initial;
  let report: (facts: StoredSessionFacts) => void = () => {};
  const refreshes: Deferred[] = [...scripted];
  const effects = { refreshCalls: 0, stored: new Array<RefreshResponse>(), cleared: 0, reloaded: 0, unexpected: new Array<string>() };
  const move = (facts: StoredSessionFacts) => {
    stored = facts;
    report(facts);
  };
  const machine = sessionMachine.provide({
    actors: {
      watchCredentials: fromCallback<SessionEvent>(({ sendBack }) => {
        report = (facts) => sendBack({ type: "credentials.changed", ...facts });
        report(stored);
        return () => {
          report = () => {};
        };
      }),
      tokenRefresh: tokenRefreshMachine.provide({
        actors: {
          refreshTokens: fromPromise<RefreshResponse>(() => {
            effects.refreshCalls += 1;
            const next = refreshes.shift();
            if (next === undefined) {
              effects.unexpected.push("refreshTokens");
              return Promise.reject(new Error("unexpected refresh"));
            }
            return next.promise;
          }),
        },
        actions: {
          storeTokens: (_, tokens) => {
            effects.stored.push(tokens);
            move(signedIn);
          },
          clearAuthState: () => {
            effects.cleared += 1;
            move(anonymous);
          },
          reloadPage: () => {
            effects.reloaded += 1;
          },
        },
      }),
    },
    actions: {
      clearCredentials: () => {
        effects.cleared += 1;
        move(anonymous);
      },
    },
  });
  const actor = createActor(machine).start();
  /** The next refresh answers when the test settles the returned promise. */
  const scriptRefresh = () => {
    const answer = deferred();
    refreshes.push(answer);
    return answer;
  };
  return { actor, effects, move, scriptRefresh, standing: () => sessionStandingOf(actor.getSnapshot()) };
};

const TOKENS: RefreshResponse = { access: "acc-2", refresh: "ref-2" };

describe("the session actor's standing follows the credentials store", () => {
  it.each([
    [anonymous, "signedOut", { kind: "anonymous" }],
    [preAuth, "preAuth", { kind: "preAuthenticated", needChangePassword: true, needTwoFactor: true }],
    [signedIn, "signedIn", { kind: "signedIn" }],
  ] as const)("starts from the stored %o", (facts, standing, guardStanding) => {
    const { actor, effects } = startSessionActor(facts);
    expect(sessionStandingOf(actor.getSnapshot())).toBe(standing);
    expect(authStandingOf(actor.getSnapshot())).toEqual(guardStanding);
    expect(effects).toMatchObject({ refreshCalls: 0, cleared: 0, reloaded: 0 });
    actor.stop();
  });

  it("moves through sign-in to signed in, and back to signed out on sign-out, with the user id in context", () => {
    const { actor, move, standing } = startSessionActor(anonymous);
    move(preAuth);
    expect(standing()).toBe("preAuth");
    move(signedIn);
    expect(standing()).toBe("signedIn");
    expect(actor.getSnapshot().context.userId).toBe(USER_ID);
    expect(actor.getSnapshot().children.tokenRefresh).toBeDefined();
    move(anonymous);
    expect(standing()).toBe("signedOut");
    expect(actor.getSnapshot().context.userId).toBeNull();
    expect(actor.getSnapshot().children.tokenRefresh).toBeUndefined();
    actor.stop();
  });

  it("runs a refresher only while a session lasts", () => {
    const { actor, move } = startSessionActor(anonymous);
    expect(actor.getSnapshot().children.tokenRefresh).toBeUndefined();
    move(preAuth);
    expect(actor.getSnapshot().children.tokenRefresh).toBeUndefined();
    move(signedIn);
    expect(actor.getSnapshot().children.tokenRefresh).toBeDefined();
    actor.stop();
  });

  it("clears a pre-authentication it knows nothing about (spec section 2: an unknown state)", () => {
    const { actor, effects, standing } = startSessionActor({ ...preAuth, user: null });
    expect(effects.cleared).toBe(1);
    expect(standing()).toBe("signedOut");
    actor.stop();
  });
});

describe("restoring a reloaded session", () => {
  it("starts one refresh by itself, counting as signed in for the guards meanwhile", () => {
    const { actor, effects, standing } = startSessionActor(restoring, [deferred()]);
    expect(standing()).toBe("restoring");
    expect(authStandingOf(actor.getSnapshot())).toEqual({ kind: "signedIn" });
    expect(effects).toMatchObject({ refreshCalls: 1, unexpected: [] });
    actor.stop();
  });

  it("keeps the same refresher from restoring to signed in, so requests waiting on it are answered", async () => {
    const answer = deferred();
    const { actor, effects, standing } = startSessionActor(restoring, [answer]);
    const port = sessionTokenRefresh(actor);
    const waiting = port.awaitFreshToken(0);
    answer.resolve(TOKENS);
    expect(await waiting).toBe("refreshed");
    expect(standing()).toBe("signedIn");
    expect(effects).toMatchObject({ refreshCalls: 1, stored: [TOKENS], cleared: 0, reloaded: 0, unexpected: [] });
    expect(port.currentGeneration()).toBe(1);
    actor.stop();
  });

  it("clears the session and reloads the page once when the restore fails", async () => {
    const answer = deferred();
    const { actor, effects, standing } = startSessionActor(restoring, [answer]);
    const waiting = sessionTokenRefresh(actor).awaitFreshToken(0);
    answer.reject(new Error("refresh token revoked"));
    expect(await waiting).toBe("ended");
    expect(standing()).toBe("signedOut");
    expect(effects).toMatchObject({ refreshCalls: 1, cleared: 1, reloaded: 1, unexpected: [] });
    actor.stop();
  });
});

describe("the token refresh the HTTP client waits on", () => {
  it("answers ended outside a session, without a refresh", async () => {
    const { actor, effects } = startSessionActor(anonymous);
    const port = sessionTokenRefresh(actor);
    expect(await port.awaitFreshToken(port.currentGeneration())).toBe("ended");
    expect(effects.refreshCalls).toBe(0);
    actor.stop();
  });

  it("ends the requests waiting on a refresh when the person signs out meanwhile", async () => {
    const { actor, effects, move, scriptRefresh } = startSessionActor(signedIn);
    const answer = scriptRefresh();
    const port = sessionTokenRefresh(actor);
    const waiting = Array.from({ length: 3 }, () => port.awaitFreshToken(0));
    move(anonymous);
    expect(await Promise.all(waiting)).toEqual(["ended", "ended", "ended"]);
    answer.resolve(TOKENS);
    await Promise.resolve();
    expect(effects).toMatchObject({ refreshCalls: 1, stored: [], reloaded: 0 });
    actor.stop();
  });

  it("counts generations across sessions: a 401 seen in an earlier session retries at once", async () => {
    const { actor, effects, move, scriptRefresh } = startSessionActor(signedIn);
    const port = sessionTokenRefresh(actor);
    scriptRefresh().resolve(TOKENS);
    expect(await port.awaitFreshToken(port.currentGeneration())).toBe("refreshed");
    const seenBefore = port.currentGeneration();
    move(anonymous);
    move(signedIn);
    expect(port.currentGeneration()).toBeGreaterThan(seenBefore);
    expect(await port.awaitFreshToken(seenBefore)).toBe("refreshed");
    expect(effects.refreshCalls).toBe(1);
    actor.stop();
  });
});

describe("the session machine, explored with @xstate/graph", () => {
  // Invoke results are events the machine never declares, so samples are loosely typed.
  const machine: AnyStateMachine = sessionMachine;
  const changed = (facts: StoredSessionFacts): EventObject => ({ type: "credentials.changed", ...facts });
  const events: readonly EventObject[] = [anonymous, preAuth, { ...preAuth, user: null }, signedIn, restoring].map(changed);
  const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context });
  const coverage = exploreCoverage(machine, { events, serializeState, inertActions: ["clearCredentials"] });

  it("reaches every state node and takes every transition", () => {
    expect(coverage.unreachedStateIds).toEqual([]);
    expect(coverage.untakenTransitionKeys).toEqual([]);
    expect(coverage.stateIds).toContain("session.preAuth.unknown");
    expect(coverage.transitionKeys.length).toBe(9);
  });
});
