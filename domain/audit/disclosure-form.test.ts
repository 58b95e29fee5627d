import { fc, test } from "@fast-check/vitest";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { PatientId } from "../shared/ids.ts";
import { addDays, dayNumber } from "./audit-period.ts";
import { accountingStart, checkDisclosureDraft, newDisclosureDraft } from "./disclosure-form.ts";
import { DisclosureBody } from "./disclosure-wire.ts";

const days = fc.integer({ min: 3_000, max: 40_000 }).map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));
const patient = Schema.decodeUnknownSync(PatientId)(42);
const filled = { disclosed_on: "2026-11-20", recipient: "County health department", recipient_address: "1 Main St, Springfield", what: "Diagnosis and treatment dates", purpose: "Public health reporting" };

describe("the disclosure form's rules", () => {
  it("names each missing field with ERROR_003 on that field", () => {
    const check = checkDisclosureDraft({ ...newDisclosureDraft("2026-11-30"), recipient: "  " }, patient, "2026-11-30");
    expect(check).toEqual({
      ok: false,
      errors: {
        recipient: "The recipient is required",
        recipient_address: "The recipient's address is required",
        what: "The description of what was disclosed is required",
        purpose: "The purpose is required",
      },
    });
  });

  it("refuses a day after today and one before the six years, on the day's field", () => {
    expect(checkDisclosureDraft({ ...filled, disclosed_on: "2026-12-01" }, patient, "2026-11-30")).toMatchObject({ ok: false, errors: { disclosed_on: expect.stringMatching(/today at the latest/) } });
    expect(checkDisclosureDraft({ ...filled, disclosed_on: "2020-11-29" }, patient, "2026-11-30")).toMatchObject({ ok: false, errors: { disclosed_on: expect.stringMatching(/2020-11-30 or later/) } });
    expect(checkDisclosureDraft({ ...filled, disclosed_on: "2020-11-30" }, patient, "2026-11-30").ok).toBe(true);
  });

  it("bounds each text on its field", () => {
    expect(checkDisclosureDraft({ ...filled, recipient: "x".repeat(201) }, patient, "2026-11-30")).toEqual({ ok: false, errors: { recipient: "At most 200 characters" } });
  });

  test.prop([days])("reaches back six years, about 2,191 days, whatever today is (a leap day included)", (today) => {
    const start = accountingStart(today);
    const span = dayNumber(today) - dayNumber(start);
    expect(span).toBeGreaterThanOrEqual(6 * 365);
    expect(span).toBeLessThanOrEqual(6 * 365 + 2);
    expect(new Date(`${start}T00:00:00Z`).toISOString().slice(0, 10)).toBe(start);
  });

  test.prop([days, fc.integer({ min: 0, max: 2_000 })])("accepts what the server's schema accepts, trimmed", (today, back) => {
    const check = checkDisclosureDraft({ ...filled, recipient: `  ${filled.recipient} `, disclosed_on: addDays(today, -back) }, patient, today);
    expect(check.ok).toBe(true);
    if (check.ok) expect(Schema.decodeUnknownSync(DisclosureBody)(check.value)).toEqual(check.value);
  });
});
