import { fc, test } from "@fast-check/vitest";
import * as Schema from "effect/Schema";
import { describe, expect } from "vitest";
import { judgeMonth } from "./month-judge.ts";
import { monthTotalsCounter } from "./month-totals.ts";
import { anyKindPatientMonth } from "./patient-month.arbitraries.test-helper.ts";
import { StoredLine, storedLineOf } from "./stored-line.ts";

// A judged month's line stored as JSON (rtm_month_statuses.line, migration 0039) and read back is the
// judge's line, and totals counted from stored lines' codes are the totals counted from the judged lines.
const decode = Schema.decodeUnknownSync(StoredLine, { onExcessProperty: "error" });

describe("a month's line as stored", () => {
  test.prop([fc.array(anyKindPatientMonth, { maxLength: 12 })])("reads back as the judge's line, and counts as the judged lines count", (months) => {
    const fromJudged = monthTotalsCounter();
    const fromStored = monthTotalsCounter();
    for (const input of months) {
      const judged = judgeMonth(input);
      const stored = decode(JSON.parse(JSON.stringify(storedLineOf(judged.line, input.monitoringStart))));
      expect(stored).toEqual({ ...judged.line, callDates: [...judged.line.callDates], codes: [...judged.line.codes], monitoringStart: input.monitoringStart });
      expect(stored.billable).toBe(judged.status === "ready to bill");
      fromJudged.addLine(judged.status, judged.lines);
      fromStored.addLine(judged.status, stored.codes);
    }
    expect(fromStored.result()).toEqual(fromJudged.result());
  });
});
