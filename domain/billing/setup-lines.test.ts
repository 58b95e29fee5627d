import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { SETUP_CODE } from "./rtm-codes.ts";
import { type SetupCandidate, setupLinesOf } from "./setup-lines.ts";

const candidate: fc.Arbitrary<SetupCandidate> = fc.record({
  patient: fc.record({ id: fc.integer({ min: 1, max: 1_000_000 }) }),
  month: fc.record({ row: fc.record({ monitoring_start: fc.option(fc.constantFrom("2026-01-03", "2026-02-20"), { nil: null }) }) }),
  lines: fc.array(fc.record({ code: fc.constantFrom(SETUP_CODE, "98980", "98981", "98986") }), { maxLength: 4 }),
});

describe("the set-up lines a lock records", () => {
  test.prop([fc.array(candidate, { maxLength: 30 })])("exactly the patients billing set-up with a known episode start, in the batch's order", (batch) => {
    const expected = batch
      .filter((one) => one.lines.some((line) => line.code === SETUP_CODE) && one.month.row.monitoring_start !== null)
      .map((one) => ({ patientId: one.patient.id, episodeStart: one.month.row.monitoring_start }));
    expect(setupLinesOf(batch)).toEqual(expected);
  });
});
