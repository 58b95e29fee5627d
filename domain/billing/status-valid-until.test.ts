import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import type { PatientMonth } from "./billing-lines.ts";
import { monthStatus } from "./billing-status.ts";
import { addDays, daysBetween, lastDayOf } from "./iso-day.ts";
import { SUPPLY_KINDS } from "./rtm-codes.ts";
import { statusValidUntil } from "./status-valid-until.ts";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";

// A generated patient month, as in billing-month.test.ts: monitoring started up to 100 days before the
// month, today from 40 days before it to 70 after its start, data days, time entries and calls around it.
const month = fc.constantFrom("2026-02", "2026-03", "2026-11", "2026-12");
const patientMonth = month.chain((m) =>
  fc.record({
    month: fc.constant(m),
    today: fc.integer({ min: -40, max: 70 }).map((n) => addDays(`${m}-01`, n)),
    monitoringStart: fc.option(fc.integer({ min: -100, max: 40 }).map((n) => addDays(`${m}-01`, n)), { nil: null }),
    dataDays: fc.uniqueArray(fc.integer({ min: -110, max: 60 }).map((n) => addDays(`${m}-01`, n)), { maxLength: 80 }),
    timeEntries: fc.array(
      fc.record({ day: fc.integer({ min: -2, max: 32 }), minutes: fc.integer({ min: 1, max: 45 }), clinicianId: fc.constantFrom("slp-1", "slp-1", "slp-2") }).map(({ day, minutes, clinicianId }) => {
        const date = addDays(`${m}-01`, day);
        return { start: `${date}T10:00:00Z`, minutes, day: date, clinicianId };
      }),
      { maxLength: 4 },
    ),
    calls: fc.array(fc.record({ day: fc.integer({ min: -3, max: 33 }).map((n) => addDays(`${m}-01`, n)), minutes: fc.integer({ min: 0, max: 20 }) }), { maxLength: 2 }),
    // With or without a chosen kind: a month blocked for want of one moves with the date like any other (issue 31).
    supplyKind: fc.option(fc.constantFrom(...SUPPLY_KINDS), { nil: null }),
    setupBilledBefore: fc.boolean(),
    physiologicalMonitoring: fc.boolean(),
  }),
);

/** The monitoring start is the first data day, as the server supplies it. */
const realistic = (input: PatientMonth): PatientMonth => {
  const first = input.dataDays.toSorted()[0] ?? null;
  return { ...input, monitoringStart: first };
};

const statusOn = (input: PatientMonth, day: string) => monthStatus({ ...input, today: day }).status;
const validUntilOf = (input: PatientMonth) => statusValidUntil(input, monthStatus(input).currentPeriod);

describe("how long a month's status holds with no new data", () => {
  test.prop([patientMonth], { numRuns: fuzzRuns(400) })("the status is the same on every day before valid_until (forever when null)", (input) => {
    const until = validUntilOf(input);
    const status = statusOn(input, input.today);
    if (until !== null) expect(daysBetween(input.today, until)).toBeGreaterThan(0);
    const span = until === null ? 150 : daysBetween(input.today, until);
    for (let offset = 1; offset < span; offset += 1) expect(statusOn(input, addDays(input.today, offset)), `day +${offset}`).toBe(status);
  });

  test.prop([patientMonth.map(realistic)], { numRuns: fuzzRuns(400) })("so with the monitoring start the server supplies (the first data day)", (input) => {
    const until = validUntilOf(input);
    const status = statusOn(input, input.today);
    const span = until === null ? 150 : daysBetween(input.today, until);
    for (let offset = 1; offset < span; offset += 1) expect(statusOn(input, addDays(input.today, offset)), `day +${offset}`).toBe(status);
  });

  test.prop([patientMonth])("valid_until is never more than a month and a period after the month, and null only after that", (input) => {
    const until = validUntilOf(input);
    const horizon = addDays(lastDayOf(input.month), 31);
    if (until === null) expect(daysBetween(input.today, horizon)).toBeLessThanOrEqual(0);
    else expect(daysBetween(until, horizon)).toBeGreaterThanOrEqual(0);
  });

  it("an on-track period moves on the day after the last date 16 days could still be reached", () => {
    const input: PatientMonth = {
      month: "2026-12",
      today: "2026-12-10",
      monitoringStart: "2026-12-01",
      dataDays: ["2026-12-01", "2026-12-02", "2026-12-03"],
      timeEntries: [],
      calls: [],
      supplyKind: "musculoskeletal",
      setupBilledBefore: false,
      physiologicalMonitoring: false,
    };
    expect(statusOn(input, "2026-12-10")).toBe("on track");
    // 13 more days are needed; Dec 18 is the last day the first of them can fall on.
    expect(validUntilOf(input)).toBe("2026-12-19");
    expect(statusOn(input, "2026-12-19")).toBe("at risk");
  });

  it("time logged without a call moves at the start of the month's last 7 days", () => {
    const input: PatientMonth = {
      month: "2026-12",
      today: "2026-12-03",
      monitoringStart: null,
      dataDays: [],
      timeEntries: [{ start: "2026-12-02T10:00:00Z", minutes: 12, day: "2026-12-02", clinicianId: "a" }],
      calls: [],
      supplyKind: "musculoskeletal",
      setupBilledBefore: false,
      physiologicalMonitoring: false,
    };
    expect(validUntilOf(input)).toBe("2026-12-25");
    expect(statusOn(input, "2026-12-24")).toBe("on track");
    expect(statusOn(input, "2026-12-25")).toBe("at risk");
  });

  it("a month whose every period has ended holds for good", () => {
    expect(statusValidUntil({ month: "2026-01", today: "2026-04-01", monitoringStart: "2026-01-03" }, null)).toBeNull();
  });
});
