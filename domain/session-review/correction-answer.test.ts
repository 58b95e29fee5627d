import { fc, test } from "@fast-check/vitest";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { SESSION_DETAIL_EXAMPLES } from "./attempt-mapping/session-detail-examples.fixtures.ts";
import { AttemptCorrectionAnswer, withCorrection } from "./correction-answer.ts";
import { SessionDetailWire } from "./session-detail-wire.ts";
import { averagePerContent, percentageChange, sessionFigures } from "./session-figures.ts";

const detail = Schema.decodeUnknownSync(SessionDetailWire)(SESSION_DETAIL_EXAMPLES.naming);
const attempt = detail.challenges_in_session[0]?.attempts[0];
if (attempt === undefined) throw new Error("the naming example has an attempt");
const answerOf = (over: Partial<AttemptCorrectionAnswer["session"]> = {}): AttemptCorrectionAnswer => ({
  ...attempt,
  score: 1,
  version: attempt.version + 1,
  session: {
    id: detail.id,
    total_score: 9,
    total_score_percentage_change: 12.5,
    accuracy_percentage: 80,
    accuracy_percentage_change: null,
    avg_duration_per_content: 4,
    avg_duration_per_content_percentage_change: null,
    game_metrics: {},
    ...over,
  },
});

describe("withCorrection", () => {
  it("puts the saved attempt where it sits and the session's figures in place, the rest as it was", () => {
    const next = withCorrection(detail, answerOf());
    expect(next.challenges_in_session[0]?.attempts[0]).toMatchObject({ id: attempt.id, score: 1, version: attempt.version + 1 });
    expect(next).toMatchObject({ total_score: 9, total_score_percentage_change: 12.5, accuracy_percentage: 80, avg_duration_per_content: 4 });
    expect(next.total_session_duration).toBe(detail.total_session_duration);
    expect(next.challenges_in_session.slice(1)).toEqual(detail.challenges_in_session.slice(1));
    expect(next).not.toHaveProperty("session");
  });

  it("leaves another session's detail as it is", () => {
    expect(withCorrection(detail, answerOf({ id: (detail.id + 1) as typeof detail.id }))).toBe(detail);
  });

  it("the answer decodes with its schema: the attempt's fields and the session's figures", () => {
    const encoded = Schema.encodeSync(AttemptCorrectionAnswer)(answerOf());
    expect(Schema.decodeUnknownSync(AttemptCorrectionAnswer)(encoded)).toEqual(answerOf());
  });
});

const stored = fc.record({
  totalScore: fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
  accuracyPercentage: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  durationSeconds: fc.option(fc.integer({ min: 0, max: 3600 }), { nil: null }),
  metrics: fc.record({ words_count: fc.integer({ min: 0, max: 40 }), success_rate: fc.integer({ min: 0, max: 100 }) }),
  challengeCount: fc.integer({ min: 0, max: 20 }),
});

describe("sessionFigures", () => {
  test.prop([fc.constantFrom("naming", "verbal_fluency", "memory_grid"), stored, fc.option(stored, { nil: null })])(
    "are the stored totals, their change against the previous session, and the time per item",
    (type, session, previous) => {
      const figures = sessionFigures(type, session, previous);
      expect(figures.total_score).toBe(session.totalScore);
      expect(figures.accuracy_percentage).toBe(session.accuracyPercentage);
      expect(figures.total_score_percentage_change).toBe(percentageChange(session.totalScore, previous?.totalScore));
      expect(figures.avg_duration_per_content).toBe(averagePerContent(type, session.durationSeconds, session.metrics, session.challengeCount));
      if (previous === null) expect([figures.total_score_percentage_change, figures.accuracy_percentage_change, figures.avg_duration_per_content_percentage_change]).toEqual([null, null, null]);
      expect(Object.keys(figures.game_metrics)).toEqual(type === "verbal_fluency" ? ["words_count"] : type === "memory_grid" ? ["success_rate"] : []);
    },
  );
});
