import { describe, expect, it } from "vitest";
import { dataDaysPanel } from "./data-days-panel.ts";
import type { PatientDataDays } from "./data-days-wire.ts";

// The billing panel's words (issue 24): period dates, "N data days of 16", the next tier's need,
// and a strip name for every day of the current period.
const answer = (monitoringStart: string | null, today: string, days: Array<[string, number]>) =>
  ({ patient_id: 1, time_zone: "America/New_York", monitoring_start: monitoringStart, today, days: days.map(([day, sessions]) => ({ day, sessions })) }) as unknown as PatientDataDays;

const monitoring = (input: PatientDataDays) => {
  const panel = dataDaysPanel(input);
  if (panel.kind !== "monitoring") throw new Error("not monitoring");
  return panel;
};

describe("the data-days panel", () => {
  it("has no period before the first session", () => {
    expect(dataDaysPanel(answer(null, "2026-12-01", []))).toEqual({ kind: "not started" });
  });

  it("asks for the 2-15 day code first, then the 16-30 day code", () => {
    const first = monitoring(answer("2026-12-01", "2026-12-01", [["2026-12-01", 1]]));
    expect(first.current.dates).toBe("Dec 1 – Dec 30");
    expect(first.progress).toBe("1 data day of 16");
    expect(first.current.supports).toBe("supports no supply code yet");
    expect(first.need).toBe("needs 1 more data day by Dec 30 for the 2-15 day code");
    expect(first.previous).toBeNull();
    const later = monitoring(answer("2026-12-01", "2026-12-14", [["2026-12-01", 1], ["2026-12-02", 2]]));
    expect(later.need).toBe("needs 14 more data days by Dec 17 for the 16-30 day code");
  });

  it("says when the 16-30 day code is reached or out of reach", () => {
    const sixteen = Array.from({ length: 16 }, (_, index): [string, number] => [`2026-12-${String(index + 1).padStart(2, "0")}`, 1]);
    expect(monitoring(answer("2026-12-01", "2026-12-16", sixteen)).need).toBe("reached 16 data days: the 16-30 day code is settled");
    expect(monitoring(answer("2026-12-01", "2026-12-28", [["2026-12-01", 1], ["2026-12-02", 1]])).need).toBe("cannot reach 16 data days in this period: too few days are left");
  });

  it("names each of the 30 days of the current period, today and the days to come apart", () => {
    const panel = monitoring(answer("2026-11-01", "2026-12-03", [["2026-11-05", 1], ["2026-12-01", 2]]));
    expect(panel.current.dates).toBe("Dec 1 – Dec 30");
    expect(panel.previous?.dates).toBe("Nov 1 – Nov 30");
    expect(panel.strip).toHaveLength(30);
    expect(panel.strip.slice(0, 4).map((day) => day.label)).toEqual(["Dec 1: 2 sessions", "Dec 2: no session", "Dec 3 (today): no session yet", "Dec 4: not yet"]);
  });
});
