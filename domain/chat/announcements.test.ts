import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { type Arrival, announcementsFor } from "./announcements.ts";

const arrival = (overrides: Partial<Arrival> = {}): Arrival => ({ authorName: "Ana Ruiz", text: "Hello", own: false, history: false, hasAttachment: false, ...overrides });
const arrivals = fc.array(
  fc.record({ authorName: fc.constantFrom("Ana", "Ben", "Cleo"), text: fc.string({ maxLength: 300 }), own: fc.boolean(), history: fc.boolean(), hasAttachment: fc.boolean() }),
  { maxLength: 12 },
);

describe("what the polite announcer says for one burst window", () => {
  it("says a colleague's message with its first 140 characters", () => {
    const long = "x".repeat(200);
    expect(announcementsFor([arrival({ text: long })])).toEqual([`New message from Ana Ruiz: ${"x".repeat(140)}…`]);
    expect(announcementsFor([arrival({ text: "  Two\nlines " })])).toEqual(["New message from Ana Ruiz: Two lines"]);
    expect(announcementsFor([arrival({ text: "", hasAttachment: true })])).toEqual(["New message from Ana Ruiz: an attachment"]);
  });

  it("says nothing for one's own messages or for history", () => {
    expect(announcementsFor([arrival({ own: true }), arrival({ history: true })])).toEqual([]);
  });

  it("makes four or more at once one line naming each author once", () => {
    const burst = [arrival({ authorName: "Ana" }), arrival({ authorName: "Ben" }), arrival({ authorName: "Ana" }), arrival({ authorName: "Cleo" })];
    expect(announcementsFor(burst)).toEqual(["4 new messages from Ana, Ben and Cleo"]);
    expect(announcementsFor(burst.slice(0, 3))).toHaveLength(3);
  });

  test.prop([arrivals])("never more than three lines, one per heard message below the burst size, and one at or above it", (burst) => {
    const heard = burst.filter((item) => !item.own && !item.history).length;
    const said = announcementsFor(burst);
    expect(said.length).toBe(heard >= 4 ? 1 : heard);
    expect(said.length).toBeLessThanOrEqual(3);
    for (const line of said) expect([...line].length).toBeLessThanOrEqual(200);
  });
});
