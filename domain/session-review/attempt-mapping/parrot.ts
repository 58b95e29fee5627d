import * as Schema from "effect/Schema";
import type { Result } from "../../shared/result.ts";
import type { SessionDetailWire } from "../session-detail-wire.ts";
import { GAME_TYPE } from "../../shared/games/game-type.ts";
import {
  type AttemptColumn,
  audioColumn,
  closingColumns,
  durationText,
  numberText,
  textColumn,
  textOrNotAvailable,
} from "./attempt-columns.ts";
import { type AttemptRowBase, ROW_KIND, toBaseRow } from "./attempt-row.ts";
import { decodePart, mapAll, mapSessionOf, type RowsOfChallenge, type SessionView } from "./session-view.ts";

/** The word or phrase the parrot says for the patient to repeat. Parrot attempts carry no attempt_data. */
export const ParrotContent = Schema.Struct({ object_name: Schema.String });

export type ParrotRow = AttemptRowBase & {
  readonly kind: typeof ROW_KIND.parrot;
  readonly object: string;
  readonly timeSeconds: number | null;
  readonly transcription: string | null;
  readonly responseAudio: string | null;
  readonly hintsUsed: number | null;
};

const rowsOf: RowsOfChallenge<ParrotRow> = (challenge) => {
  const content = decodePart(ParrotContent, challenge.content);
  if (content === undefined) return undefined;
  return mapAll(challenge.attempts, (attempt) => ({
    ...toBaseRow(challenge, attempt),
    kind: ROW_KIND.parrot,
    object: content.object_name,
    timeSeconds: attempt.time_seconds,
    transcription: attempt.score_details.transcription,
    responseAudio: attempt.response_audio_url,
    hintsUsed: attempt.hints_used,
  }));
};

/** A parrot row shows what was to be repeated, the time taken, what the patient said, the recording and hints used. */
export const mapParrotSession = (detail: SessionDetailWire): Result<SessionView<ParrotRow>> =>
  mapSessionOf(GAME_TYPE.parrot, rowsOf, detail);

export const PARROT_COLUMNS: ReadonlyArray<AttemptColumn<ParrotRow>> = [
  textColumn<ParrotRow>("object", "Object", (row) => textOrNotAvailable(row.object)),
  textColumn<ParrotRow>("timeSeconds", "Time", (row) => durationText(row.timeSeconds)),
  textColumn<ParrotRow>("transcription", "Transcription", (row) => textOrNotAvailable(row.transcription)),
  audioColumn<ParrotRow>("responseAudio", "Response audio", (row) => row.responseAudio),
  textColumn<ParrotRow>("hintsUsed", "Hints used", (row) => numberText(row.hintsUsed)),
  ...closingColumns<ParrotRow>(),
];
