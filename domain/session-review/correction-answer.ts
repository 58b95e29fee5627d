import * as Schema from "effect/Schema";
import { AttemptWire, type SessionDetailWire } from "./session-detail-wire.ts";
import { CorrectedSessionWire } from "./session-figures.ts";

/**
 * PATCH attempt/{id}/'s answer (docs/session-review-api.md, "Corrections"): the attempt as the
 * session detail shows it, and under `session` the session's figures as the correction left them,
 * so the page shows the correction without reading the session again (one round trip).
 */
export const AttemptCorrectionAnswer = Schema.Struct({ ...AttemptWire.fields, session: CorrectedSessionWire });
export type AttemptCorrectionAnswer = typeof AttemptCorrectionAnswer.Type;

/**
 * The session detail with a correction's answer in it: the attempt replaced where it sits, the
 * figures replaced; anything else (duration, review, other attempts) as it was. An answer about
 * another session leaves the detail as it is.
 */
export const withCorrection = (detail: SessionDetailWire, answer: AttemptCorrectionAnswer): SessionDetailWire => {
  const { session, ...attempt } = answer;
  if (session.id !== detail.id) return detail;
  const { id: _sessionId, ...figures } = session;
  return {
    ...detail,
    ...figures,
    challenges_in_session: detail.challenges_in_session.map((challenge) =>
      challenge.attempts.some((candidate) => candidate.id === attempt.id)
        ? { ...challenge, attempts: challenge.attempts.map((candidate) => (candidate.id === attempt.id ? attempt : candidate)) }
        : challenge,
    ),
  };
};
