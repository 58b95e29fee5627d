import { describe, expect, it } from "vitest";
import { isCheckViolation, isUniqueViolation, unlessUniqueViolation } from "./unique-violation.ts";

// PostgreSQL's error as the drivers hand it over: drizzle wraps it, so it is found through `cause`.
const violation = (constraint: string, code = "23505") => new Error("query failed", { cause: Object.assign(new Error("refused"), { code, constraint }) });

describe("a write that lost a race to a unique index", () => {
  it("is recognised through the driver's wrapping, and only for the index named", () => {
    expect(isUniqueViolation(violation("users_email_lower_live_key"), "users_email_lower_live_key")).toBe(true);
    expect(isUniqueViolation(violation("patients_email_lower_key"), "users_email_lower_live_key")).toBe(false);
    expect(isUniqueViolation(new Error("other"), "users_email_lower_live_key")).toBe(false);
  });

  it("answers the rule's own outcome instead of throwing, and lets a write through or any other error out as it came", async () => {
    await expect(unlessUniqueViolation("names_key", () => Promise.reject(violation("names_key")), () => "taken" as const)).resolves.toBe("taken");
    await expect(unlessUniqueViolation("names_key", () => Promise.resolve(7), () => "taken" as const)).resolves.toBe(7);
    const other = violation("another_key");
    await expect(unlessUniqueViolation("names_key", () => Promise.reject(other), () => "taken" as const)).rejects.toBe(other);
  });

  it("tells a check's refusal from a unique index's, by the named constraint", () => {
    expect(isCheckViolation(violation("institutions_time_zone_known", "23514"), "institutions_time_zone_known")).toBe(true);
    expect(isCheckViolation(violation("institutions_time_zone_known"), "institutions_time_zone_known")).toBe(false);
    expect(isUniqueViolation(violation("names_key", "23514"), "names_key")).toBe(false);
    expect(isCheckViolation(violation("another_check", "23514"), "institutions_time_zone_known")).toBe(false);
  });
});
