import { fc, test } from "@fast-check/vitest";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { correctionOf } from "./time-entry-correction.ts";
import { entryDraftOf, startOf } from "./time-log-panel.ts";
import { TIME_ACTIVITIES, TimeEntry } from "./time-log-wire.ts";

// A correction sends what the person changed and nothing else, with its reason and version.
const ZONES = ["UTC", "America/Chicago", "Europe/Paris", "Asia/Kolkata", "Pacific/Kiritimati"];
const activity = fc.constantFrom(...Object.values(TIME_ACTIVITIES));
const entryOf = (fields: { activity: string; start: string; minutes: number; note: string; version: number }): TimeEntry =>
  Schema.decodeUnknownSync(TimeEntry)({ id: 7, patient_id: 3, clinician: { id: 2, first_name: "Ann", last_name: "Lee" }, corrected: null, ...fields });
const entry = fc
  .record({
    activity,
    // Any second of 2020–2030: a logged start may carry seconds the form does not show.
    start: fc.integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2030, 0, 1) / 1000 }).map((seconds) => new Date(seconds * 1000).toISOString()),
    minutes: fc.integer({ min: 1, max: 600 }),
    note: fc.string({ maxLength: 40 }),
    version: fc.integer({ min: 1, max: 1000 }),
  })
  .map(entryOf);
const reason = fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim() !== "");
/** What the form checks when nothing was changed but the reason. */
const unchanged = (logged: TimeEntry, zone: string, why: string) => {
  const shown = entryDraftOf(logged, zone);
  return { activity: logged.activity, start: startOf(shown.date, shown.time, zone) ?? "", minutes: logged.minutes, note: shown.note, reason: why };
};

describe("what a time-entry correction sends", () => {
  test.prop([entry, fc.constantFrom(...ZONES), reason])("only the reason and the version when nothing else changed, seconds of the start kept", (logged, zone, why) => {
    expect(correctionOf(logged, unchanged(logged, zone, why), zone)).toEqual({ reason: why.trim(), version: logged.version });
  });

  test.prop([entry, fc.constantFrom(...ZONES), reason, fc.integer({ min: 1, max: 600 }), activity])(
    "each changed field, and only those",
    (logged, zone, why, minutes, chosen) => {
      const sent = correctionOf(logged, { ...unchanged(logged, zone, why), minutes, activity: chosen }, zone);
      expect(sent).toEqual({
        ...(chosen === logged.activity ? {} : { activity: chosen }),
        ...(minutes === logged.minutes ? {} : { minutes }),
        reason: why.trim(),
        version: logged.version,
      });
    },
  );

  it("sends a moved start and a new note, trimmed", () => {
    const logged = entryOf({ activity: "review", start: "2026-03-02T15:00:40.000Z", minutes: 20, note: "call notes", version: 4 });
    const moved = { ...unchanged(logged, "UTC", " typo "), start: "2026-03-02T14:00:00.000Z", note: " calls " };
    expect(correctionOf(logged, moved, "UTC")).toEqual({ start: "2026-03-02T14:00:00.000Z", note: "calls", reason: "typo", version: 4 });
  });
});
