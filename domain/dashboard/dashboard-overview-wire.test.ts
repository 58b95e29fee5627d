import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { decodeStrict } from "../shared/wire/decode.ts";
import {
  DashboardOverviewQuery,
  DashboardOverviewResponse,
  OVERVIEW_PERIOD_DAYS,
  overviewPeriodStart,
} from "./dashboard-overview-wire.ts";
import { idArb, isoDateTimeArb, nameArb, trimmedTextArb, wireContractTests } from "../shared/wire/wire-arbitraries.test-helper.ts";

const countsArb = fc.record({ active: fc.nat(), pending: fc.nat(), inactive: fc.nat() });
const figuresFields = {
  patients: countsArb,
  slps: countsArb,
  sessions_played: fc.nat(),
  sessions_awaiting_review: fc.nat(),
  patients_without_activity: fc.nat(),
};
const responseArb = fc.record({
  period_days: fc.integer({ min: 1, max: 366 }),
  generated_at: isoDateTimeArb,
  totals: fc.record(figuresFields),
  institutions: fc.array(fc.record({ id: idArb, name: trimmedTextArb(255), ...figuresFields }), { maxLength: 3 }),
  inactive_patients: fc.array(
    fc.record({
      id: idArb,
      first_name: nameArb,
      last_name: nameArb,
      last_session_at: fc.option(isoDateTimeArb, { nil: null }),
      assigned_slp: fc.option(fc.record({ id: idArb, first_name: nameArb, last_name: nameArb }), { nil: null }),
    }),
    { maxLength: 3 },
  ),
});

describe("dashboard overview wire", () => {
  wireContractTests("dashboard overview", [
    [DashboardOverviewResponse, responseArb],
    [DashboardOverviewQuery, fc.record({ institution: idArb.map(String) }, { requiredKeys: [] })],
  ]);

  it("reads the institution filter from the URL and refuses anything but a positive id", () => {
    const decode = decodeStrict(DashboardOverviewQuery);
    expect(decode({})).toEqual({ ok: true, value: {} });
    expect(decode({ institution: "7" })).toEqual({ ok: true, value: { institution: 7 } });
    for (const bad of [{ institution: "0" }, { institution: "abc" }, { institution: "-1" }, { institution: "07" }, { other: "1" }]) {
      expect(decode(bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it("refuses negative counts and a missing totals block", () => {
    const decode = decodeStrict(DashboardOverviewResponse);
    const valid = fc.sample(responseArb, { numRuns: 1, seed: 1 })[0];
    expect(decode(valid).ok).toBe(true);
    expect(decode({ ...valid, totals: { ...valid?.totals, sessions_played: -1 } }).ok).toBe(false);
    const { totals: _dropped, ...withoutTotals } = valid ?? {};
    expect(decode(withoutTotals).ok).toBe(false);
  });
});

describe("overviewPeriodStart", () => {
  test.prop([fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })])(
    "is exactly seven days of milliseconds before now, whatever the clock change",
    (now) => {
      expect(now.getTime() - overviewPeriodStart(now).getTime()).toBe(OVERVIEW_PERIOD_DAYS * 86_400_000);
    },
  );

  it("counts back from the instant given, not from the calendar day", () => {
    expect(overviewPeriodStart(new Date("2026-03-08T09:15:00.000Z")).toISOString()).toBe("2026-03-01T09:15:00.000Z");
    expect(overviewPeriodStart(new Date("2026-03-08T09:15:00.000Z"), 1).toISOString()).toBe("2026-03-07T09:15:00.000Z");
  });
});
