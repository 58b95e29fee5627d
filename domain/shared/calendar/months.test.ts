import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { monthOf, shiftMonth } from "./months.ts";

const month = fc.record({ year: fc.integer({ min: 1900, max: 2999 }), number: fc.integer({ min: 1, max: 12 }) }).map(({ year, number }) => `${year}-${String(number).padStart(2, "0")}`);

describe("calendar months", () => {
  it("takes a day's month and steps across years both ways", () => {
    expect(monthOf("2026-12-31")).toBe("2026-12");
    expect(shiftMonth("2026-03", -1)).toBe("2026-02");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-02", 1)).toBe("2026-03");
  });

  test.prop([month, fc.integer({ min: -600, max: 600 })])("stepping there and back returns the month, always as YYYY-MM", (start, count) => {
    const shifted = shiftMonth(start, count);
    expect(shifted).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
    expect(shiftMonth(shifted, -count)).toBe(start);
  });

  test.prop([month])("twelve months on is the same month of the next year", (start) => {
    expect(shiftMonth(start, 12)).toBe(`${Number(start.slice(0, 4)) + 1}${start.slice(4)}`);
  });
});
