import * as Schema from "effect/Schema";
import type { Result } from "../../shared/result.ts";
import type { SessionDetailWire } from "../session-detail-wire.ts";
import { GAME_TYPE } from "../../shared/games/game-type.ts";
import {
  type AttemptColumn,
  audioColumn,
  closingColumns,
  imageDialogColumn,
  numberText,
  textColumn,
  textOrNotAvailable,
} from "./attempt-columns.ts";
import { type AttemptRowBase, ROW_KIND, toBaseRow } from "./attempt-row.ts";
import { decodePart, mapAll, mapSessionOf, type RowsOfChallenge, type SessionView } from "./session-view.ts";

/** The object the patient is asked to name. Naming attempts carry no game-specific attempt_data. */
export const NamingContent = Schema.Struct({
  object_name: Schema.String,
  image_url: Schema.NullOr(Schema.String),
});

export type NamingRow = AttemptRowBase & {
  readonly kind: typeof ROW_KIND.naming;
  readonly object: string;
  readonly objectImageUrl: string | null;
  readonly trials: number;
  readonly transcription: string | null;
  readonly hintsUsed: number | null;
  readonly responseAudio: string | null;
};

const rowsOf: RowsOfChallenge<NamingRow> = (challenge) => {
  const content = decodePart(NamingContent, challenge.content);
  if (content === undefined) return undefined;
  return mapAll(challenge.attempts, (attempt) => ({
    ...toBaseRow(challenge, attempt),
    kind: ROW_KIND.naming,
    object: content.object_name,
    objectImageUrl: content.image_url,
    trials: attempt.attempt_number,
    transcription: attempt.score_details.transcription,
    hintsUsed: attempt.hints_used,
    responseAudio: attempt.response_audio_url,
  }));
};

/** A naming row shows the object, which trial it was, what the patient said, hints used and the recording. */
export const mapNamingSession = (detail: SessionDetailWire): Result<SessionView<NamingRow>> =>
  mapSessionOf(GAME_TYPE.naming, rowsOf, detail);

export const NAMING_COLUMNS: ReadonlyArray<AttemptColumn<NamingRow>> = [
  imageDialogColumn<NamingRow>("object", "Object", (row) => row.objectImageUrl, (row) => row.object),
  textColumn<NamingRow>("trials", "Trials", (row) => String(row.trials)),
  textColumn<NamingRow>("transcription", "Transcription", (row) => textOrNotAvailable(row.transcription)),
  textColumn<NamingRow>("hintsUsed", "Hints used", (row) => numberText(row.hintsUsed)),
  audioColumn<NamingRow>("responseAudio", "Response audio", (row) => row.responseAudio),
  ...closingColumns<NamingRow>(),
];
