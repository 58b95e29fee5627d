import { describe, expect, it } from "vitest";
import { checkCall, checkEntry, monthTotals, previousMonth } from "./time-log-panel.ts";

describe("the time log's words and checks", () => {
  it("steps back a month across a year", () => {
    expect(previousMonth("2026-03")).toBe("2026-02");
    expect(previousMonth("2026-01")).toBe("2025-12");
  });

  it("says the union minutes, notes overlap only when it changed the total, and asks for a call", () => {
    const a = { start: "2026-03-02T09:00:00.000Z", minutes: 20 };
    const b = { start: "2026-03-02T09:10:00.000Z", minutes: 15 };
    expect(monthTotals([a, b], [])).toEqual({ minutes: "25 minutes (overlaps counted once)", codes: "supports 98980", need: "needs a live call" });
    expect(monthTotals([a], [{ minutes: 10 }])).toEqual({ minutes: "20 minutes", codes: "supports 98980", need: null });
    expect(monthTotals([], []).need).toBeNull();
    expect(monthTotals([{ start: a.start, minutes: 60 }], [{ minutes: 5 }]).codes).toBe("supports 98980 and 98981 ×2");
  });

  it("checks an entry as the server does: 1..600 minutes, no future start, a reason when correcting", () => {
    const now = new Date("2026-03-20T12:00:00Z");
    const draft = { activity: "review", date: "2026-03-19", time: "10:00", minutes: "600", note: "", reason: "" };
    expect(checkEntry(draft, false, now).ok).toBe(true);
    expect(checkEntry({ ...draft, minutes: "0" }, false, now)).toMatchObject({ ok: false, errors: { minutes: "Enter whole minutes from 1 to 600." } });
    expect(checkEntry({ ...draft, date: "2026-03-22" }, false, now)).toMatchObject({ ok: false, errors: { date: "The start cannot be in the future." } });
    expect(checkEntry(draft, true, now)).toMatchObject({ ok: false, errors: { reason: "Say why the entry is changed." } });
  });

  it("checks a call: 1..240 minutes, a day not ahead, participants", () => {
    expect(checkCall({ date: "2026-03-20", minutes: "240", participants: "patient" }, "2026-03-20").ok).toBe(true);
    expect(checkCall({ date: "2026-03-21", minutes: "241", participants: " " }, "2026-03-20")).toMatchObject({ ok: false, errors: { date: expect.any(String), minutes: expect.any(String), participants: expect.any(String) } });
  });
});
