import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import type { MonthState } from "./month-close-wire.ts";
import { claimSideText, codeLabel, differencesText, downloadLabel, lockAvailability, lockText } from "./month-end-view.ts";

const totals = { patients: 0, billable: 0, by_status: [], by_code: [] };
const lock = { locked_at: "2026-03-02T15:00:00.000Z", locked_by: { id: 3, first_name: "Ann", last_name: "Lee" } } as MonthState["lock"];
const state = (over: Partial<MonthState>): MonthState => ({ month: "2026-02", today: "2026-03-01", ended: true, supply_kind_chosen: true, lock: null, totals, locked_copy: null, ...over }) as MonthState;

describe("the month-end summary's words", () => {
  it("lets an ended, open month be locked, and says why not otherwise", () => {
    expect(lockAvailability(state({}))).toEqual({ enabled: true });
    expect(lockAvailability(state({ ended: false, month: "2026-03" }))).toEqual({ enabled: false, reason: "March 2026 has not ended yet: it can be locked from its next month on." });
    expect(lockAvailability(state({ lock }))).toEqual({ enabled: false, reason: "February 2026 is already locked." });
  });

  // The month-lock machine asks for a confirmation only when this says so (machines/billing/month-lock.machine.ts).
  const month = fc.tuple(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 12 })).map(([year, number]) => `${year}-${String(number).padStart(2, "0")}`);
  test.prop([month, fc.boolean(), fc.boolean()])("a month may be locked exactly when it has ended and is still open, else a reason is given", (shown, ended, locked) => {
    const availability = lockAvailability(state({ month: shown, ended, lock: locked ? lock : null }));
    expect(availability.enabled).toBe(ended && !locked);
    if (!availability.enabled) expect(availability.reason.length).toBeGreaterThan(0);
  });

  it("says who locked the month and when, names codes with their modifier, and marks a draft download", () => {
    expect(lockText(lock, (instant) => instant.slice(0, 10))).toBe("Locked on 2026-03-02 by Ann Lee: nothing in it changes any more.");
    expect(lockText(null, () => "")).toContain("Open");
    expect(codeLabel({ code: "98981", modifier: "GN" })).toBe("98981-GN");
    expect(downloadLabel(state({}))).toBe("Download CSV (draft)");
    expect(downloadLabel(state({ lock }))).toBe("Download CSV");
  });
});

describe("a locked month's differences (issue 31)", () => {
  it("counts the lines that differ from the locked copy in words, and names each side", () => {
    expect(differencesText(0)).toBe("Every line still matches what was locked.");
    expect(differencesText(1)).toBe("1 line differs from what was locked");
    expect(differencesText(81)).toBe("81 lines differ from what was locked");
    expect(claimSideText(null)).toBe("no line");
    expect(claimSideText({ codes: "98975-GN; 98977-GN", billable: true })).toBe("98975-GN; 98977-GN");
    expect(claimSideText({ codes: "", billable: false })).toBe("nothing billable");
  });
});
