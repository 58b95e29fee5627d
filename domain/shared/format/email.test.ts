import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { EMAIL_DISPLAY_LIMIT, truncateEmail } from "./email.ts";

describe("truncateEmail", () => {
  test("a short email is shown whole", () => {
    expect(truncateEmail("ada@clinic.org")).toBe("ada@clinic.org");
    expect(truncateEmail("exactly20chars@x.org")).toBe("exactly20chars@x.org");
  });

  test("a long email is cut at 20 characters with an ellipsis", () => {
    expect(truncateEmail("ada.lovelace@analytical-engine.org")).toBe("ada.lovelace@analyti…");
  });

  test("a missing email shows nothing", () => {
    expect(truncateEmail(null)).toBe("");
  });

  test.prop([fc.string({ maxLength: 60 })])("the shown part is a prefix of the email and never longer than the limit", (email) => {
    const shown = truncateEmail(email);
    const body = shown.endsWith("…") && [...email].length > EMAIL_DISPLAY_LIMIT ? shown.slice(0, -1) : shown;
    expect(email.startsWith(body)).toBe(true);
    expect([...body].length).toBeLessThanOrEqual(EMAIL_DISPLAY_LIMIT);
  });
});
