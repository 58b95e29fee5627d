import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { GameSessionId } from "../shared/ids.ts";
import type { SessionListItemWire } from "./session-list-wire.ts";
import { progressPoints, progressSummary } from "./progress-points.ts";

const session = (id: number, day: number, accuracy: number | null, duration: number | null): SessionListItemWire => ({
  id: GameSessionId.make(id),
  start_time: `2026-03-${String(day).padStart(2, "0")}T10:00:00`,
  duration,
  current_level: "easy",
  assigned_at: null,
  accuracy_percentage: accuracy,
  reviewed: false,
});

describe("progress across sessions", () => {
  test("runs oldest to newest with the rounded figures", () => {
    const points = progressPoints([session(3, 5, 80.04, 95.26), session(2, 3, null, 60), session(1, 1, 40, null)]);
    expect(points.map((point) => [point.sessionId, point.startLabel, point.accuracyPercent, point.durationSeconds])).toEqual([
      [1, "03/01/2026 10:00 AM", 40, null],
      [2, "03/03/2026 10:00 AM", null, 60],
      [3, "03/05/2026 10:00 AM", 80, 95.3],
    ]);
  });

  test("is summed up in words: the span, then the first, latest, lowest and highest of each figure", () => {
    const points = progressPoints([session(3, 5, 80, 95), session(2, 3, 30, 60), session(1, 1, 40, 120)]);
    expect(progressSummary(points)).toBe(
      "Accuracy and time across 3 sessions from 03/01/2026 to 03/05/2026, oldest first. " +
        "Accuracy: from 40% to 80%, lowest 30%, highest 80%. " +
        "Time: from 2 minutes to 1 minute 35 seconds, lowest 1 minute, highest 2 minutes.",
    );
  });

  test("says when there is nothing to draw, one session, or a figure never recorded", () => {
    expect(progressSummary([])).toBe("No sessions played yet.");
    expect(progressSummary(progressPoints([session(1, 1, 50, null)]))).toBe(
      "Accuracy and time across 1 session, on 03/01/2026. Accuracy: 50% every time. Time: not recorded.",
    );
  });

  const arbitrarySession = fc.record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    day: fc.integer({ min: 1, max: 28 }),
    accuracy: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
    duration: fc.option(fc.double({ min: 0, max: 20_000, noNaN: true }), { nil: null }),
  });

  test.prop([fc.array(arbitrarySession, { maxLength: 100 })])("keeps every session once, reversed, and never invents a figure", (rows) => {
    const wire = rows.map((row) => session(row.id, row.day, row.accuracy, row.duration));
    const points = progressPoints(wire);
    expect(points.map((point) => point.sessionId)).toEqual(wire.map((row) => row.id).reverse());
    points.forEach((point, index) => {
      const source = wire[wire.length - 1 - index];
      expect(point.accuracyPercent === null).toBe(source?.accuracy_percentage === null);
      expect(point.durationSeconds === null).toBe(source?.duration === null);
    });
    expect(progressSummary(points).length).toBeGreaterThan(0);
  });
});
