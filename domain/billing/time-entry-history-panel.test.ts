import { describe, expect, it } from "vitest";
import { revisionLine } from "./time-entry-history-panel.ts";
import type { TimeEntryRevision } from "./time-log-wire.ts";

// A fixed format, so the lines read the same wherever the test runs.
const format = (iso: string) => `<${iso.slice(5, 16)}>`;
const dana = { id: 7, first_name: "Dana", last_name: "Reyes" } as TimeEntryRevision["by"];
const before = { activity: "review", start: "2026-11-27T09:00:00.000Z", minutes: 15, note: "" } as const;
const revision = (over: Partial<TimeEntryRevision>): TimeEntryRevision =>
  ({ id: 1, kind: "edit", at: "2026-11-27T10:04:00.000Z", by: dana, reason: "timer left running", before, changes: [], ...over }) as TimeEntryRevision;

describe("a time entry's history in words", () => {
  it("says when, who, each change before → after and the reason", () => {
    expect(revisionLine(revision({ changes: [{ field: "minutes", before: 15, after: 20 }] }), format)).toBe(
      "<11-27T10:04>, by Dana Reyes: minutes 15 → 20; reason: timer left running",
    );
    const all = revision({
      changes: [
        { field: "activity", before: "review", after: "care_planning" },
        { field: "start", before: "2026-11-27T09:00:00.000Z", after: "2026-11-27T09:30:00.000Z" },
        { field: "note", before: "", after: "with daughter" },
      ],
    });
    expect(revisionLine(all, format)).toBe(
      "<11-27T10:04>, by Dana Reyes: activity Review → Care planning, start <11-27T09:00> → <11-27T09:30>, note (none) → “with daughter”; reason: timer left running",
    );
  });

  it("names a removal with what the entry was, a reason-only correction, and an unknown author", () => {
    expect(revisionLine(revision({ kind: "remove", reason: "wrong patient" }), format)).toBe(
      "<11-27T10:04>, by Dana Reyes: removed from the log (was 15 minutes of review from <11-27T09:00>); reason: wrong patient",
    );
    expect(revisionLine(revision({ by: null }), format)).toBe("<11-27T10:04>, by an unknown user: no field changed; reason: timer left running");
  });
});
