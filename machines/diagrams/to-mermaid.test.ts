import { describe, expect, it } from "vitest";
import { fromPromise, setup } from "xstate";
import { eventLabel, toMermaid } from "./to-mermaid.ts";

const kettle = setup({
  actors: { boil: fromPromise(() => Promise.resolve()) },
  guards: { hasWater: () => true, isHot: () => false },
  delays: { cooldown: 1000 },
}).createMachine({
  id: "kettle",
  initial: "empty",
  on: { "power.cut": ".off" },
  states: {
    empty: { on: { "water.pour": [{ guard: "hasWater", target: "heating" }, { target: "empty" }] } },
    heating: {
      initial: "warming",
      states: {
        warming: { invoke: { id: "boil", src: "boil", onDone: "boiled", onError: "#kettle.off" } },
        boiled: { type: "final" },
      },
      onDone: "ready",
    },
    ready: { always: { guard: "isHot", target: "off" }, after: { cooldown: "empty" } },
    off: { type: "final" },
  },
});

describe("toMermaid", () => {
  it("renders nesting, initial and final markers, invokes, guards and every kind of event", () => {
    expect(toMermaid(kettle)).toBe(
      [
        "stateDiagram-v2",
        '  state "any state" as anyState',
        "  [*] --> empty",
        "  empty",
        "  state heating {",
        "    [*] --> heating_warming",
        '    state "boiled" as heating_boiled',
        '    state "warming" as heating_warming',
        "    heating_warming: invokes boil",
        "    heating_boiled --> [*]",
        "  }",
        "  off",
        "  ready",
        "  off --> [*]",
        "  anyState --> off: power.cut",
        "  empty --> empty: water.pour [else]",
        "  empty --> heating: water.pour [hasWater]",
        "  heating --> ready: heating done",
        "  heating_warming --> heating_boiled: boil done",
        "  heating_warming --> off: boil failed",
        "  ready --> empty: after cooldown",
        "  ready --> off: always [isHot]",
        "",
      ].join("\n"),
    );
  });

  it("is deterministic", () => {
    expect(toMermaid(kettle)).toBe(toMermaid(kettle));
  });

  it("shortens XState's internal event names", () => {
    expect(eventLabel("xstate.done.actor.login")).toBe("login done");
    expect(eventLabel("xstate.error.actor.login")).toBe("login failed");
    expect(eventLabel("xstate.done.state.signIn.changingPassword")).toBe("changingPassword done");
    expect(eventLabel("xstate.after.cooldown.kettle.ready")).toBe("after cooldown");
    expect(eventLabel("")).toBe("always");
    expect(eventLabel("otp.submit")).toBe("otp.submit");
  });
});
