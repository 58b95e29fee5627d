import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { clockLabel, dayLabel, instantLabel, longDayLabel, monthLabel, shortDayLabel } from "./labels.ts";

const day = fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2999-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe("how days, months and instants read", () => {
  it("in US English, days as written", () => {
    expect(monthLabel("2026-03")).toBe("March 2026");
    expect(shortDayLabel("2026-12-12")).toBe("Dec 12");
    expect(dayLabel("2026-03-08")).toBe("Mar 8, 2026");
    expect(longDayLabel("2026-03-08")).toBe("March 8, 2026");
  });

  it("names an instant on the zone it is given, not the machine's", () => {
    expect(instantLabel("2026-03-02T14:30:00Z", "America/New_York")).toBe("Mar 2, 2026, 9:30 AM");
    expect(instantLabel("2026-03-02T14:30:00Z", "Pacific/Kiritimati")).toBe("Mar 3, 2026, 4:30 AM");
    expect(clockLabel(Date.parse("2026-03-02T14:30:00Z"), "UTC")).toBe("2:30 PM");
  });

  it("shows what names no real day as written, instead of throwing", () => {
    expect(dayLabel("not a day")).toBe("not a day");
    expect(monthLabel("2026-13")).toBe("2026-13");
    expect(instantLabel("yesterday", "UTC")).toBe("yesterday");
  });

  test.prop([day])("a day's label names its own day of the month and year, in every zone the machine may run in", (d) => {
    expect(dayLabel(d)).toContain(`${Number(d.slice(8, 10))}, ${Number(d.slice(0, 4))}`);
    expect(longDayLabel(d).startsWith(monthLabel(d.slice(0, 7)).split(" ")[0] ?? "?")).toBe(true);
  });
});
