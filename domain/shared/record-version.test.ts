import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { etagOf, expectedVersion, isStaleVersion, versionFromIfMatch } from "./record-version.ts";
import { decodeStrict } from "./wire/decode.ts";
import { MAX_RECORD_VERSION, RecordVersion, VersionOnlyBody } from "./wire/record-version.ts";

const version = fc.integer({ min: 1, max: MAX_RECORD_VERSION });

describe("record versions", () => {
  test.prop([version])("If-Match reads back every version an ETag carries", (v) => {
    expect(versionFromIfMatch(etagOf(v))).toEqual({ ok: true, value: v });
    expect(versionFromIfMatch(` ${etagOf(v)}\t`)).toEqual({ ok: true, value: v });
  });

  it.each([undefined, "*", " * "])("If-Match %j names no version: the write does not check", (header) => {
    expect(versionFromIfMatch(header)).toEqual({ ok: true, value: undefined });
  });

  it.each(['W/"3"', "3", '"0"', '"03"', '"-1"', '"1.5"', '"x"', '""', "", '"3", "4"', '"2147483648"', '"99999999999"', '"3'])("refuses If-Match %j on the version field", (header) => {
    expect(versionFromIfMatch(header)).toMatchObject({ ok: false, code: "ERROR_056", field: "version" });
  });

  test.prop([fc.string()])("any If-Match either names a version in range, names none, or is refused on the version field", (header) => {
    const read = versionFromIfMatch(header);
    if (read.ok) expect(read.value === undefined || (Number.isInteger(read.value) && read.value >= 1 && read.value <= MAX_RECORD_VERSION)).toBe(true);
    else expect(read).toMatchObject({ code: "ERROR_056", field: "version" });
  });

  test.prop([fc.option(version, { nil: undefined }), fc.option(version, { nil: undefined })])(
    "header and body agree or only one speaks: that version; they differ: refused",
    (fromHeader, fromBody) => {
      const chosen = expectedVersion(fromHeader === undefined ? undefined : etagOf(fromHeader), fromBody);
      if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody) {
        expect(chosen).toMatchObject({ ok: false, code: "ERROR_056", field: "version" });
      } else {
        expect(chosen).toEqual({ ok: true, value: fromHeader ?? fromBody });
      }
    },
  );

  test.prop([fc.option(version, { nil: undefined })])("a malformed If-Match is refused whatever the body says", (fromBody) => {
    expect(expectedVersion('W/"1"', fromBody).ok).toBe(false);
  });

  test.prop([version, version])("a write that names a version is stale exactly when the record holds another", (expected, current) => {
    expect(isStaleVersion(expected, current)).toBe(expected !== current);
    expect(isStaleVersion(undefined, current)).toBe(false);
  });

  it("a version on the wire is a whole number from 1 to the column's limit", () => {
    expect(decodeStrict(RecordVersion)(1).ok).toBe(true);
    expect(decodeStrict(RecordVersion)(MAX_RECORD_VERSION).ok).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_RECORD_VERSION + 1, "1", null]) expect(decodeStrict(RecordVersion)(bad).ok).toBe(false);
  });

  it("a body-less write takes nothing, null, {} or just a version", () => {
    for (const body of [undefined, null, {}, { version: 4 }]) expect(decodeStrict(VersionOnlyBody)(body).ok).toBe(true);
    for (const body of [{ version: 0 }, { other: 1 }, [], "x"]) expect(decodeStrict(VersionOnlyBody)(body).ok).toBe(false);
  });
});
