import { describe, expect, it } from "vitest";
import { isBillingStatus, STATUS_CHOICES, statusProgressText } from "./rtm-status-view.ts";

describe("the /rtm list's status words", () => {
  it("offers every status in the list's order, in words", () => {
    expect(STATUS_CHOICES.map((choice) => choice.label)).toEqual(["Blocked", "At risk", "On track", "Ready to bill", "No activity"]);
    expect(isBillingStatus("at risk")).toBe(true);
    expect(isBillingStatus("At risk")).toBe(false);
    expect(isBillingStatus(null)).toBe(false);
  });

  it("says how many statuses are worked out, with grouped digits, and nothing once all are", () => {
    expect(statusProgressText(98_800, 100_000)).toBe("Working out statuses: 1,200 of 100,000 patients. The list shows the patients worked out so far.");
    expect(statusProgressText(0, 100_000)).toBeNull();
    expect(statusProgressText(undefined, undefined)).toBeNull();
  });
});
