import { describe, expect, it } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { MAX_TEXT_LENGTH, characterCount, fitsTextLimit, textTooLongMessage } from "./text-length.ts";

describe("the free-text limit", () => {
  test.prop([fc.string({ unit: "grapheme", maxLength: 1200 })])("a text fits exactly when it has at most 1000 characters as a person counts them", (text) => {
    expect(fitsTextLimit(text)).toBe(characterCount(text) <= MAX_TEXT_LENGTH);
  });

  test.prop([fc.integer({ min: 0, max: 2000 }), fc.constantFrom("x", "é", "😀")])("counts each character once, however many code units it takes", (length, character) => {
    expect(fitsTextLimit(character.repeat(length))).toBe(length <= 1000);
  });

  it("says the limit in the field's own words", () => {
    expect(textTooLongMessage("The pattern")).toBe("The pattern must be at most 1000 characters");
  });
});
