import { describe, expect, it } from "vitest";
import { InstitutionId, MAX_ID, PatientId } from "./ids.ts";
import { decodeStrict } from "./wire/decode.ts";
import { idFromUrl } from "./wire/query-string.ts";

describe("ids", () => {
  it.each([1, MAX_ID])("take %d, within an integer column's range", (id) => {
    expect(decodeStrict(PatientId)(id)).toEqual({ ok: true, value: id });
    expect(decodeStrict(idFromUrl(InstitutionId))(String(id))).toEqual({ ok: true, value: id });
  });

  it.each([0, -1, 1.5, MAX_ID + 1, Number.MAX_SAFE_INTEGER])("refuse %d", (id) => {
    expect(decodeStrict(PatientId)(id)).toMatchObject({ ok: false, code: "ERROR_056" });
    expect(decodeStrict(idFromUrl(InstitutionId))(String(id)).ok).toBe(false);
  });
});
