import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, type AnyStateMachine, type EventObject } from "xstate";
import { IDLE_WARNING_AFTER_MS, IDLE_WARNING_LEAD_MS, KEEP_ALIVE_INTERVAL_MS } from "../../../domain/shared/session/idle-policy.ts";
import { exploreCoverage } from "../../diagrams/coverage.test-helper.ts";
import { idleSignOffMachine, type IdleSignOutInput } from "./idle-sign-off.machine.ts";

const MINUTE = 60_000;

type Answer = "ok" | "fail" | "hang";

/**
 * The machine on a simulated clock, with fake actors that record every call. keepAlive answers
 * as `keepAliveAnswer` says at the time of the call; signOut resolves at once.
 */
const start = (keepAliveAnswer: () => Answer = () => "ok") => {
  const clock = new SimulatedClock();
  const calls = { keepAlive: new Array<number>(), signOut: new Array<IdleSignOutInput["reason"]>() };
  const machine = idleSignOffMachine.provide({
    actors: {
      keepAlive: fromPromise<void>(() => {
        calls.keepAlive.push(clock.now());
        const answer = keepAliveAnswer();
        if (answer === "hang") return new Promise<void>(() => {});
        return answer === "ok" ? Promise.resolve() : Promise.reject(new Error("session ended"));
      }),
      signOut: fromPromise<void, IdleSignOutInput>(({ input }) => {
        calls.signOut.push(input.reason);
        return Promise.resolve();
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  /** Moves the clock, then lets promise-based actors answer. */
  const advance = async (ms: number) => {
    clock.increment(ms);
    await settle();
  };
  const settle = async () => {
    for (let round = 0; round < 5; round += 1) await Promise.resolve();
  };
  const top = () => {
    const value = actor.getSnapshot().value;
    return typeof value === "string" ? value : Object.keys(value)[0];
  };
  return { actor, clock, calls, advance, settle, top };
};

describe("the idle sign-off", () => {
  it("warns 29 minutes after the last activity and signs out one minute later", async () => {
    const { actor, calls, advance, top } = start();
    await advance(IDLE_WARNING_AFTER_MS - 1);
    expect(top()).toBe("watching");
    await advance(1);
    expect(top()).toBe("warning");
    await advance(IDLE_WARNING_LEAD_MS - 1);
    expect(top()).toBe("warning");
    await advance(1);
    expect(calls.signOut).toEqual(["idle"]);
    expect(top()).toBe("signedOut");
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("starts the 29 minutes again on every activity", async () => {
    const { actor, advance, top } = start();
    await advance(28 * MINUTE);
    actor.send({ type: "activity.seen" });
    await advance(28 * MINUTE);
    actor.send({ type: "activity.seen" });
    await advance(IDLE_WARNING_AFTER_MS - 1);
    expect(top()).toBe("watching");
    await advance(1);
    expect(top()).toBe("warning");
  });

  it("is not dismissed by ordinary activity once the warning shows", async () => {
    const { actor, calls, advance, top } = start();
    await advance(IDLE_WARNING_AFTER_MS);
    actor.send({ type: "activity.seen" });
    await advance(IDLE_WARNING_LEAD_MS / 2);
    actor.send({ type: "activity.seen" });
    expect(top()).toBe("warning");
    await advance(IDLE_WARNING_LEAD_MS / 2);
    expect(calls.signOut).toEqual(["idle"]);
  });

  it("stays signed in on idle.stay: keeps alive, then watches with a fresh 29 minutes", async () => {
    const { actor, clock, calls, advance, settle, top } = start();
    await advance(IDLE_WARNING_AFTER_MS + 10_000);
    actor.send({ type: "idle.stay" });
    expect(top()).toBe("keepingAlive");
    await settle();
    expect(calls.keepAlive).toEqual([clock.now()]);
    expect(top()).toBe("watching");
    await advance(IDLE_WARNING_AFTER_MS - 1);
    expect(top()).toBe("watching");
    await advance(1);
    expect(top()).toBe("warning");
    expect(calls.signOut).toEqual([]);
  });

  it("signs out when the keep-alive after Stay fails: the server had already ended the session", async () => {
    const { actor, calls, advance, settle, top } = start(() => "fail");
    await advance(IDLE_WARNING_AFTER_MS);
    actor.send({ type: "idle.stay" });
    await settle();
    expect(calls.keepAlive.length).toBe(1);
    expect(calls.signOut).toEqual(["sessionLost"]);
    expect(top()).toBe("signedOut");
  });

  it("signs out at once on idle.signOut", async () => {
    const { actor, calls, advance, top } = start();
    await advance(IDLE_WARNING_AFTER_MS);
    actor.send({ type: "idle.signOut" });
    await advance(0);
    expect(calls.signOut).toEqual(["chosen"]);
    expect(top()).toBe("signedOut");
  });

  it.each([
    ["watching", 0],
    ["warning", IDLE_WARNING_AFTER_MS],
  ])("stops without signing out on session.ended while %s", async (_state, wait) => {
    const { actor, calls, advance, top } = start();
    await advance(wait);
    actor.send({ type: "session.ended" });
    expect(top()).toBe("signedOut");
    await advance(IDLE_WARNING_AFTER_MS + IDLE_WARNING_LEAD_MS);
    expect(calls).toEqual({ keepAlive: [], signOut: [] });
  });

  it("lets a running sign-out finish when the session ends under it", async () => {
    const clock = new SimulatedClock();
    let finish: () => void = () => {};
    const calls: string[] = [];
    const machine = idleSignOffMachine.provide({
      actors: {
        keepAlive: fromPromise<void>(() => Promise.reject(new Error("unexpected keep-alive"))),
        signOut: fromPromise<void, IdleSignOutInput>(({ input }) => {
          calls.push(input.reason);
          return new Promise<void>((resolve) => {
            finish = resolve;
          });
        }),
      },
    });
    const actor = createActor(machine, { clock }).start();
    clock.increment(IDLE_WARNING_AFTER_MS);
    clock.increment(IDLE_WARNING_LEAD_MS);
    expect(actor.getSnapshot().value).toBe("signingOut");
    actor.send({ type: "session.ended" });
    expect(actor.getSnapshot().value).toBe("signingOut");
    finish();
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(calls).toEqual(["idle"]);
  });
});

describe("keeping the server's idle clock in step", () => {
  it("makes no keep-alive call while nobody uses the page", async () => {
    const { calls, advance } = start();
    await advance(IDLE_WARNING_AFTER_MS - 1);
    expect(calls.keepAlive).toEqual([]);
  });

  it("passes activity during the quiet interval on when the interval ends, not before", async () => {
    const { actor, calls, advance } = start();
    await advance(MINUTE);
    actor.send({ type: "activity.seen" });
    await advance(KEEP_ALIVE_INTERVAL_MS - MINUTE - 1);
    expect(calls.keepAlive).toEqual([]);
    await advance(1);
    expect(calls.keepAlive).toEqual([KEEP_ALIVE_INTERVAL_MS]);
  });

  it("keeps alive at once on the first activity after a quiet interval", async () => {
    const { actor, calls, advance } = start();
    await advance(KEEP_ALIVE_INTERVAL_MS + 3 * MINUTE);
    expect(calls.keepAlive).toEqual([]);
    actor.send({ type: "activity.seen" });
    await advance(0);
    expect(calls.keepAlive).toEqual([KEEP_ALIVE_INTERVAL_MS + 3 * MINUTE]);
  });

  it("signs out when a keep-alive fails while watching", async () => {
    const { actor, calls, advance, top } = start(() => "fail");
    await advance(KEEP_ALIVE_INTERVAL_MS);
    actor.send({ type: "activity.seen" });
    await advance(0);
    expect(calls.signOut).toEqual(["sessionLost"]);
    expect(top()).toBe("signedOut");
  });

  it("drops a keep-alive in flight when the warning takes over", async () => {
    const { actor, calls, advance, top } = start(() => "hang");
    await advance(KEEP_ALIVE_INTERVAL_MS);
    actor.send({ type: "activity.seen" });
    await advance(IDLE_WARNING_AFTER_MS);
    expect(top()).toBe("warning");
    expect(Object.keys(actor.getSnapshot().children)).toEqual([]);
    expect(calls.keepAlive.length).toBe(1);
  });

  test.prop([fc.array(fc.integer({ min: 1, max: 4 * MINUTE }), { minLength: 1, maxLength: 40 })])(
    "never keeps alive more than once per interval, and always after the last activity",
    async (gaps) => {
      const { actor, clock, calls, advance } = start();
      let lastActivity = 0;
      for (const gap of gaps) {
        await advance(gap);
        actor.send({ type: "activity.seen" });
        lastActivity = clock.now();
        await advance(0);
      }
      await advance(KEEP_ALIVE_INTERVAL_MS);
      const times = calls.keepAlive;
      for (let index = 1; index < times.length; index += 1) {
        expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(KEEP_ALIVE_INTERVAL_MS);
      }
      // The server has heard of the last activity (its idle clock started no earlier than ours).
      expect(times.at(-1) ?? -1).toBeGreaterThanOrEqual(lastActivity);
    },
  );
});

describe("the idle sign-off machine, explored with @xstate/graph", () => {
  const machine: AnyStateMachine = idleSignOffMachine;
  const after = (delay: string, path: string) => ({ type: `xstate.after.${delay}.idleSignOff.${path}` });
  // Invoke results and delays are events the machine never declares, so samples are loosely typed.
  const events: ReadonlyArray<EventObject & Readonly<Record<string, unknown>>> = [
    { type: "activity.seen" },
    { type: "idle.stay" },
    { type: "idle.signOut" },
    { type: "session.ended" },
    after("idleWarning", "watching.idleClock.counting"),
    after("keepAliveInterval", "watching.serverClock.coolingDown"),
    after("warningLead", "warning"),
    { type: "xstate.done.actor.keepAlive" },
    { type: "xstate.error.actor.keepAlive", error: new Error("session over") },
    { type: "xstate.done.actor.signOut" },
    { type: "xstate.error.actor.signOut", error: new Error("offline") },
  ];
  const coverage = exploreCoverage(machine, {
    events,
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context }),
  });

  it("reaches every state node and takes every transition", () => {
    expect(coverage.unreachedStateIds).toEqual([]);
    expect(coverage.untakenTransitionKeys).toEqual([]);
    expect(coverage.stateIds).toContain("idleSignOff.keepingAlive");
    expect(coverage.transitionKeys.length).toBe(18);
  });
});
