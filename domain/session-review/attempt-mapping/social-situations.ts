import * as Schema from "effect/Schema";
import type { Result } from "../../shared/result.ts";
import type { AttemptWire, ChallengeWire, SessionDetailWire } from "../session-detail-wire.ts";
import { DIFFICULTY } from "../../shared/games/difficulty.ts";
import { GAME_TYPE } from "../../shared/games/game-type.ts";
import {
  type AttemptColumn,
  audioColumn,
  closingColumns,
  durationText,
  textColumn,
  textOrNotAvailable,
} from "./attempt-columns.ts";
import { type AttemptRowBase, ROW_KIND, toBaseRow } from "./attempt-row.ts";
import { decodePart, mapAll, mapSessionOf, type RowsOfChallenge, type SessionView } from "./session-view.ts";

/** The situation, the question about it, the behaviour a clinician expects, and the choices offered at easy level. */
export const SocialSituationContent = Schema.Struct({
  situation: Schema.String,
  question: Schema.String,
  expected_behavior: Schema.String,
  options: Schema.Array(Schema.String),
});

/** At easy level the patient picks one of the options; at other levels the answer is spoken and transcribed. */
export const SocialSituationAttemptData = Schema.Struct({
  selected_option: Schema.optionalKey(Schema.NullOr(Schema.String)),
});

export const AI_FEEDBACK_FALLBACK = "No available";

export type SocialEasyRow = AttemptRowBase & {
  readonly kind: typeof ROW_KIND.socialEasy;
  readonly prompt: string;
  readonly answer: string | null;
  readonly attempts: number;
};

export type SocialOpenRow = AttemptRowBase & {
  readonly kind: typeof ROW_KIND.socialOpen;
  readonly situation: string;
  readonly question: string;
  readonly expectedBehavior: string;
  readonly transcription: string | null;
  readonly aiFeedback: string;
  readonly recording: string | null;
  readonly timeSeconds: number | null;
};

export type SocialSituationRow = SocialEasyRow | SocialOpenRow;

/** Feedback the AI did not give reads 'No available'. */
export const aiFeedbackText = (feedback: string | null): string =>
  feedback === null || feedback.trim() === "" ? AI_FEEDBACK_FALLBACK : feedback;

const easyRow = (
  challenge: ChallengeWire,
  content: typeof SocialSituationContent.Type,
  attempt: AttemptWire,
  selectedOption: string | null,
): SocialEasyRow => ({
  ...toBaseRow(challenge, attempt),
  kind: ROW_KIND.socialEasy,
  prompt: content.situation,
  answer: selectedOption,
  attempts: attempt.attempt_number,
});

const openRow = (
  challenge: ChallengeWire,
  content: typeof SocialSituationContent.Type,
  attempt: AttemptWire,
): SocialOpenRow => ({
  ...toBaseRow(challenge, attempt),
  kind: ROW_KIND.socialOpen,
  situation: content.situation,
  question: content.question,
  expectedBehavior: content.expected_behavior,
  transcription: attempt.score_details.transcription,
  aiFeedback: aiFeedbackText(attempt.score_details.ai_feedback),
  recording: attempt.response_audio_url,
  timeSeconds: attempt.time_seconds,
});

const rowsOf: RowsOfChallenge<SocialSituationRow> = (challenge, session) => {
  const content = decodePart(SocialSituationContent, challenge.content);
  if (content === undefined) return undefined;
  return mapAll(challenge.attempts, (attempt): SocialSituationRow | undefined => {
    const data = decodePart(SocialSituationAttemptData, attempt.attempt_data);
    if (data === undefined) return undefined;
    return session.difficulty === DIFFICULTY.easy
      ? easyRow(challenge, content, attempt, data.selected_option ?? null)
      : openRow(challenge, content, attempt);
  });
};

/** An easy social-situations row shows the prompt and the option chosen; harder levels show the spoken answer with AI feedback. */
export const mapSocialSituationsSession = (detail: SessionDetailWire): Result<SessionView<SocialSituationRow>> =>
  mapSessionOf(GAME_TYPE.socialSituations, rowsOf, detail);

export const SOCIAL_EASY_COLUMNS: ReadonlyArray<AttemptColumn<SocialEasyRow>> = [
  textColumn<SocialEasyRow>("prompt", "Prompt", (row) => textOrNotAvailable(row.prompt)),
  textColumn<SocialEasyRow>("answer", "Answer", (row) => textOrNotAvailable(row.answer)),
  textColumn<SocialEasyRow>("attempts", "Attempts", (row) => String(row.attempts)),
  ...closingColumns<SocialEasyRow>(),
];

export const SOCIAL_OPEN_COLUMNS: ReadonlyArray<AttemptColumn<SocialOpenRow>> = [
  textColumn<SocialOpenRow>("situation", "Situation", (row) => textOrNotAvailable(row.situation)),
  textColumn<SocialOpenRow>("question", "Question", (row) => textOrNotAvailable(row.question)),
  textColumn<SocialOpenRow>("expectedBehavior", "Expected Behavior", (row) => textOrNotAvailable(row.expectedBehavior)),
  textColumn<SocialOpenRow>("transcription", "Transcription", (row) => textOrNotAvailable(row.transcription)),
  textColumn<SocialOpenRow>("aiFeedback", "AI feedback", (row) => row.aiFeedback),
  audioColumn<SocialOpenRow>("recording", "Response audio", (row) => row.recording),
  textColumn<SocialOpenRow>("timeSeconds", "Time", (row) => durationText(row.timeSeconds)),
  ...closingColumns<SocialOpenRow>(),
];
