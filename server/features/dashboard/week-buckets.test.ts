import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { SESSION_BUCKET_MS, splitWeek } from "./week-buckets.ts";

const WEEK_MS = 7 * 86_400_000;
const instant = fc.integer({ min: Date.parse("2001-01-01T00:00:00Z"), max: Date.parse("2090-01-01T00:00:00Z") });

describe("splitWeek", () => {
  test.prop([instant, instant])("every instant of (from, to] is in exactly one part: a partial end or a whole bucket", (now, probe) => {
    const from = new Date(now - WEEK_MS);
    const to = new Date(now);
    const { firstWhole, endWhole } = splitWeek(from, to);
    expect((firstWhole.getTime() % SESSION_BUCKET_MS + SESSION_BUCKET_MS) % SESSION_BUCKET_MS).toBe(0);
    expect(endWhole.getTime() % SESSION_BUCKET_MS).toBe(0);
    const at = from.getTime() + (((probe - from.getTime()) % (WEEK_MS + 1)) + WEEK_MS + 1) % (WEEK_MS + 1);
    const inWeek = at > from.getTime() && at <= to.getTime();
    const inStart = at > from.getTime() && at < firstWhole.getTime();
    const inWhole = at >= firstWhole.getTime() && at < endWhole.getTime();
    const inEnd = at >= endWhole.getTime() && at <= to.getTime();
    expect([inStart, inWhole, inEnd].filter(Boolean).length).toBe(inWeek ? 1 : 0);
  });

  test.prop([instant])("the partial ends are shorter than a bucket each", (now) => {
    const { firstWhole, endWhole } = splitWeek(new Date(now - WEEK_MS), new Date(now));
    expect(firstWhole.getTime() - (now - WEEK_MS)).toBeLessThanOrEqual(SESSION_BUCKET_MS);
    expect(now - endWhole.getTime()).toBeLessThan(SESSION_BUCKET_MS);
  });
});
