// A patient's month line as stored with their month status (issue 36, docs/billing.md "Month-end"):
// the facts of the month's CSV line the one judge decided (judgeMonth's MonthLineFacts), kept beside
// the status so the month-end sums and streams stored rows instead of judging every patient per
// request. Decoded on read: the database hands back JSON, the domain's shape is checked at the edge.
import * as Schema from "effect/Schema";
import type { MonthLineFacts } from "./month-judge.ts";

export const StoredLine = Schema.Struct({
  periodStart: Schema.NullOr(Schema.String),
  periodEnd: Schema.NullOr(Schema.String),
  dataDays: Schema.NullOr(Schema.Int),
  minutes: Schema.Int,
  callDates: Schema.Array(Schema.String),
  codes: Schema.Array(Schema.Struct({ code: Schema.String, units: Schema.Int, modifier: Schema.String })),
  billable: Schema.Boolean,
  /** The episode's first day of monitoring: a lock records set-up (98975) as billed for it. */
  monitoringStart: Schema.NullOr(Schema.String),
});
export type StoredLine = typeof StoredLine.Type;

/** The stored form of a judged month's line facts and its episode's start (nothing else: a judgement carries more). */
export const storedLineOf = (line: MonthLineFacts, monitoringStart: string | null): StoredLine => ({
  periodStart: line.periodStart,
  periodEnd: line.periodEnd,
  dataDays: line.dataDays,
  minutes: line.minutes,
  callDates: [...line.callDates],
  codes: line.codes.map((code) => ({ code: code.code, units: code.units, modifier: code.modifier })),
  billable: line.billable,
  monitoringStart,
});
