import { describe, expect, it } from "vitest";
import { SimulatedClock, createActor } from "xstate";
import type { Arrival } from "../../domain/chat/announcements.ts";
import { CHAT_LIMITS } from "../../domain/chat/chat-limits.ts";
import { announcerMachine } from "./announcer.machine.ts";

// Counts what the one polite announcer says (issue 34, "Done when": one per burst, none for one's own).
const start = () => {
  const said: string[][] = [];
  const clock = new SimulatedClock();
  const actor = createActor(announcerMachine.provide({ actions: { say: (_, lines) => void said.push([...lines]) } }), { clock }).start();
  return { said, clock, actor };
};
const arrival = (authorName: string, text: string, extra: Partial<Arrival> = {}): Arrival => ({ authorName, text, own: false, history: false, hasAttachment: false, ...extra });

describe("the chat's announcer", () => {
  it("says four or more messages within the burst window as one announcement, once the window closes", () => {
    const { said, clock, actor } = start();
    for (const text of ["a", "b", "c", "d", "e"]) actor.send({ type: "arrived", arrival: arrival("Ana Reyes", text) });
    clock.increment(CHAT_LIMITS.burstMs - 1);
    expect(said).toEqual([]);
    clock.increment(1);
    expect(said).toEqual([["5 new messages from Ana Reyes"]]);
  });

  it("says one message with its author and its first 140 characters", () => {
    const { said, clock, actor } = start();
    actor.send({ type: "arrived", arrival: arrival("Ana Reyes", "x".repeat(200)) });
    clock.increment(CHAT_LIMITS.burstMs);
    expect(said).toEqual([[`New message from Ana Reyes: ${"x".repeat(140)}…`]]);
  });

  it("says nothing for one's own messages or for history, and they open no window", () => {
    const { said, clock, actor } = start();
    actor.send({ type: "arrived", arrival: arrival("Sam Lee", "mine", { own: true }) });
    actor.send({ type: "arrived", arrival: arrival("Ana Reyes", "old", { history: true }) });
    expect(actor.getSnapshot().value).toBe("quiet");
    clock.increment(CHAT_LIMITS.burstMs * 3);
    expect(said).toEqual([]);
  });

  it("makes one announcement per burst: two bursts apart are two", () => {
    const { said, clock, actor } = start();
    for (const text of ["a", "b", "c", "d"]) actor.send({ type: "arrived", arrival: arrival("Ana Reyes", text) });
    clock.increment(CHAT_LIMITS.burstMs);
    for (const text of ["e", "f", "g", "h"]) actor.send({ type: "arrived", arrival: arrival("Ben Ortiz", text) });
    actor.send({ type: "arrived", arrival: arrival("Sam Lee", "mine", { own: true }) });
    clock.increment(CHAT_LIMITS.burstMs);
    expect(said).toEqual([["4 new messages from Ana Reyes"], ["4 new messages from Ben Ortiz"]]);
  });
});
