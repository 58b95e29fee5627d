import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { maskPhone } from "../format/phone.ts";
import { decodeStrict } from "./decode.ts";
import { MaskedPhone } from "./masked-phone.ts";

describe("masked phone", () => {
  it("accepts a number masked but for its last four digits", () => {
    expect(decodeStrict(MaskedPhone)("********4567")).toEqual({ ok: true, value: "********4567" });
  });

  it.each(["+15551234567", "4567", "****456", "***45a7", ""])("refuses %j, which is not masked", (text) => {
    expect(decodeStrict(MaskedPhone)(text).ok).toBe(false);
  });

  test.prop([fc.stringMatching(/^\+[1-9][0-9]{6,14}$/)])("what the portal's masking makes of an E.164 number is a valid masked phone", (phone) => {
    expect(decodeStrict(MaskedPhone)(maskPhone(phone)).ok).toBe(true);
  });
});
