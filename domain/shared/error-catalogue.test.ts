import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  catalogueMessage,
  cleanServerMessage,
  codeForResponse,
  invalidGameSessionMessage,
  isErrorCode,
} from "./error-catalogue.ts";

describe("error catalogue", () => {
  it("holds every code of spec section 8, and no others", () => {
    const expected = [
      ...Array.from({ length: 31 }, (_, i) => i + 1),
      ...Array.from({ length: 22 }, (_, i) => i + 33),
      56, 75, 76,
    ].map((n) => `ERROR_${String(n).padStart(3, "0")}`);
    expect([...ERROR_CODES].sort()).toEqual(expected.sort());
  });

  it.each([
    ["ERROR_005", "The username or password is incorrect"],
    ["ERROR_012", "The maximum number of attempts has been reached"],
    ["ERROR_019", "The OTP code is invalid"],
    ["ERROR_023", "The domain format is invalid"],
    ["ERROR_054", "The date of birth is invalid"],
    ["ERROR_076", "Invalid zip code format. Use 12345 or 12345-6789"],
  ])("%s reads '%s'", (code, message) => {
    expect(catalogueMessage(code)).toBe(message);
  });

  it("fills the field and status placeholders", () => {
    expect(catalogueMessage("ERROR_003", { field_name: "email" })).toBe("The email is required");
    // A value is text, never a replacement pattern ($$, $&, $' once came out changed).
    expect(catalogueMessage("ERROR_050", { status: "$$ $& $'" })).toBe("The action is not allowed for the current status: $$ $& $'");
    expect(catalogueMessage("ERROR_030", { field_name: "$`" })).toBe("The requested $` was not found");
    expect(catalogueMessage("ERROR_050", { status: "archived" })).toBe(
      "The action is not allowed for the current status: archived",
    );
  });

  it("reads 'Invalid <Game> session' with the game's name", () => {
    expect(invalidGameSessionMessage("Naming")).toBe("Invalid Naming session");
  });

  test.prop([fc.string()])("an unknown code reads as ERROR_001", (code) => {
    fc.pre(!Object.hasOwn(ERROR_MESSAGES, code));
    expect(isErrorCode(code)).toBe(false);
    expect(catalogueMessage(code)).toBe("An error occurred");
    expect(codeForResponse(400, code)).toBe("ERROR_001");
  });

  test.prop([fc.constantFrom(...ERROR_CODES), fc.option(fc.string())])(
    "HTTP 429 always maps to ERROR_012",
    (code, maybe) => {
      expect(codeForResponse(429, maybe ?? code)).toBe("ERROR_012");
    },
  );

  test.prop([fc.constantFrom(...ERROR_CODES), fc.integer({ min: 400, max: 599 }).filter((s) => s !== 429)])(
    "a catalogued code on any other status is kept",
    (code, status) => {
      expect(codeForResponse(status, code)).toBe(code);
    },
  );
});

describe("server message cleaning", () => {
  it("removes asterisks, lower-cases and capitalises the first letter", () => {
    expect(cleanServerMessage("**THE EMAIL** IS TAKEN")).toBe("The email is taken");
  });

  test.prop([fc.string()])("the cleaned message has no asterisk and at most its first letter upper-case", (raw) => {
    const cleaned = cleanServerMessage(raw);
    expect(cleaned).not.toContain("*");
    expect(cleaned.slice(1)).toBe(cleaned.slice(1).toLowerCase());
  });

  test.prop([fc.string()])("cleaning is idempotent", (raw) => {
    expect(cleanServerMessage(cleanServerMessage(raw))).toBe(cleanServerMessage(raw));
  });
});
