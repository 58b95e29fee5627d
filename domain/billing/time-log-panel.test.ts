import { describe, expect, it } from "vitest";
import { checkCall, checkEntry, entryDraftOf, monthTotals, newCallDraft, newEntryDraft } from "./time-log-panel.ts";

describe("the time log's words and checks", () => {
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
    expect(checkEntry(draft, false, now, "UTC").ok).toBe(true);
    expect(checkEntry({ ...draft, minutes: "0" }, false, now, "UTC")).toMatchObject({ ok: false, errors: { minutes: "Enter whole minutes from 1 to 600." } });
    expect(checkEntry({ ...draft, date: "2026-03-22" }, false, now, "UTC")).toMatchObject({ ok: false, errors: { date: "The start cannot be in the future." } });
    expect(checkEntry(draft, true, now, "UTC")).toMatchObject({ ok: false, errors: { reason: "Say why the entry is changed." } });
  });

  it("checks a call: 1..240 minutes, a day not ahead, participants", () => {
    expect(checkCall({ date: "2026-03-20", minutes: "240", participants: "patient" }, new Date("2026-03-20T12:00:00Z"), "UTC").ok).toBe(true);
    expect(checkCall({ date: "2026-03-21", minutes: "241", participants: " " }, new Date("2026-03-20T12:00:00Z"), "UTC")).toMatchObject({ ok: false, errors: { date: expect.any(String), minutes: expect.any(String), participants: expect.any(String) } });
  });

  it("bounds the start and the call's day to this month and last on the institution's calendar (issue 31, item 10)", () => {
    const now = new Date("2026-12-01T03:00:00Z"); // 21:00 on 30 November in Chicago
    const draft = { activity: "review", date: "1900-01-01", time: "10:00", minutes: "22", note: "", reason: "" };
    expect(checkEntry(draft, false, now, "America/Chicago")).toMatchObject({ ok: false, errors: { date: "Time can be logged from October 1, 2026 on: this month and last." } });
    expect(checkEntry({ ...draft, date: "2026-10-01", time: "00:00" }, false, now, "America/Chicago").ok).toBe(true);
    expect(checkEntry({ ...draft, date: "2026-10-01", time: "00:00" }, false, now, "UTC").ok).toBe(false);
    // The typed time is the institution's: 20:30 in Chicago is 02:30 UTC, before now.
    expect(checkEntry({ ...draft, date: "2026-11-30", time: "20:30" }, false, now, "America/Chicago")).toMatchObject({ ok: true, start: "2026-12-01T02:30:00.000Z" });
    expect(checkEntry({ ...draft, date: "2026-11-30", time: "21:05" }, false, now, "America/Chicago")).toMatchObject({ ok: false, errors: { date: "The start cannot be in the future." } });
    const call = { date: "2026-12-01", minutes: "10", participants: "patient" };
    expect(checkCall(call, now, "America/Chicago")).toMatchObject({ ok: false, errors: { date: "The call cannot be in the future." } });
    expect(checkCall(call, now, "UTC").ok).toBe(true);
    expect(checkCall({ ...call, date: "1900-01-01" }, now, "America/Chicago")).toMatchObject({ ok: false, errors: { date: "A call can be logged from October 1, 2026 on: this month and last." } });
  });

  it("opens a new entry at now and a new call on today, on the institution's clocks; a correction shows the start there too", () => {
    const now = new Date("2026-12-01T03:07:00Z");
    expect(newEntryDraft(now, "America/Chicago")).toEqual({ activity: "", date: "2026-11-30", time: "21:07", minutes: "", note: "", reason: "" });
    expect(newCallDraft(now, "America/Chicago")).toEqual({ date: "2026-11-30", minutes: "", participants: "" });
    expect(newCallDraft(now, "UTC").date).toBe("2026-12-01");
    expect(entryDraftOf({ activity: "call", start: "2026-11-27T15:04:00Z", minutes: 20, note: "n" }, "America/New_York")).toMatchObject({ date: "2026-11-27", time: "10:04", minutes: "20" });
  });
});
