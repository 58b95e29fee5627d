import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";
import { checkAddendum } from "./report-addendum.ts";

const RUNS = { numRuns: fuzzRuns(150) };
const blank = fc.stringMatching(/^[ \t\n]{0,6}$/);

describe("checkAddendum", () => {
  it("refuses a blank text with ERROR_003 on the text", () => {
    expect(checkAddendum({ text: "  ", credentials: "CCC-SLP" }, "CCC-SLP")).toMatchObject({ ok: false, code: "ERROR_003", field: "text", message: "The addendum is required" });
  });

  it("takes the report's signer's credentials when none are typed, and refuses when there are none at all", () => {
    expect(checkAddendum({ text: " Late entry ", credentials: "" }, "CCC-SLP")).toEqual({ ok: true, value: { text: "Late entry" } });
    expect(checkAddendum({ text: "Late entry", credentials: " MS " }, "CCC-SLP")).toEqual({ ok: true, value: { text: "Late entry", credentials: "MS" } });
    expect(checkAddendum({ text: "Late entry", credentials: "" }, null)).toMatchObject({ ok: false, field: "credentials", message: "The credentials is required" });
  });

  test.prop([blank, fc.string(), fc.option(fc.string())], RUNS)("a text of white space alone is never sent", (text, credentials, reportCredentials) => {
    expect(checkAddendum({ text, credentials }, reportCredentials)).toMatchObject({ ok: false, field: "text" });
  });

  test.prop([fc.string().filter((text) => text.trim() !== ""), fc.string()], RUNS)("with credentials from the report, any text with a letter is sent trimmed", (text, credentials) => {
    const checked = checkAddendum({ text, credentials }, "CCC-SLP");
    expect(checked).toMatchObject({ ok: true, value: { text: text.trim() } });
  });
});
