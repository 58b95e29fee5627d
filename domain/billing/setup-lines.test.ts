import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { SETUP_CODE } from "./rtm-codes.ts";
import { type SetupCandidate, setupLinesOf } from "./setup-lines.ts";

const candidate: fc.Arbitrary<SetupCandidate> = fc.record({
  patient: fc.record({ id: fc.integer({ min: 1, max: 1_000_000 }) }),
  line: fc.record({
    monitoringStart: fc.option(fc.constantFrom("2026-01-03", "2026-02-20"), { nil: null }),
    codes: fc.array(fc.record({ code: fc.constantFrom(SETUP_CODE, "98980", "98981", "98986") }), { maxLength: 4 }),
  }),
});

describe("the set-up lines a lock records", () => {
  test.prop([fc.array(candidate, { maxLength: 30 })])("exactly the patients billing set-up with a known episode start, in the batch's order", (batch) => {
    const expected = batch
      .filter((one) => one.line.codes.some((code) => code.code === SETUP_CODE) && one.line.monitoringStart !== null)
      .map((one) => ({ patientId: one.patient.id, episodeStart: one.line.monitoringStart }));
    expect(setupLinesOf(batch)).toEqual(expected);
  });
});
