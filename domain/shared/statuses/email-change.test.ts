import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { checkNewEmail } from "./email-change.ts";

const email = fc.emailAddress();

describe("checkNewEmail (administrators and SLPs)", () => {
  test.prop([email, fc.boolean(), fc.boolean()])("the same address in any letter case is ERROR_047, pending or not", (address, pending, upper) => {
    expect(checkNewEmail(pending, address, upper ? ` ${address.toUpperCase()} ` : address)).toMatchObject({ ok: false, code: "ERROR_047", field: "email" });
  });

  test.prop([email, email])("a different address changes only while pending; otherwise ERROR_053", (before, after) => {
    fc.pre(before.toLowerCase() !== after.toLowerCase());
    expect(checkNewEmail(true, before, after)).toEqual({ ok: true, value: after });
    expect(checkNewEmail(false, before, after)).toMatchObject({ ok: false, code: "ERROR_053" });
  });
});
