import * as Schema from "effect/Schema";
import type { Result } from "../../shared/result.ts";
import type { SessionDetailWire } from "../session-detail-wire.ts";
import { GAME_TYPE } from "../../shared/games/game-type.ts";
import { type AttemptColumn, audioColumn, closingColumns, textColumn } from "./attempt-columns.ts";
import { type AttemptRowBase, ROW_KIND, toBaseRow } from "./attempt-row.ts";
import { decodePart, mapAll, mapSessionOf, type RowsOfChallenge, type SessionView } from "./session-view.ts";

/** The patient names as many words as possible of a category ('Animals') or starting with a letter ('P'). */
export const WORD_INDICATION = { category: "category", letter: "letter" } as const;
export type WordIndicationKind = (typeof WORD_INDICATION)[keyof typeof WORD_INDICATION];

export const VerbalFluencyContent = Schema.Struct({
  indication_type: Schema.Literals([WORD_INDICATION.category, WORD_INDICATION.letter]),
  indication: Schema.String,
});

/** Words the patient said that fit the indication, and those that did not. */
export const SpokenWordsWire = Schema.Struct({
  correct_words: Schema.Array(Schema.String),
  wrong_words: Schema.Array(Schema.String),
});
export const VerbalFluencyAttemptData = Schema.Struct({ spoken_words: SpokenWordsWire });

export const NO_WORDS = "None";

export type VerbalFluencyRow = AttemptRowBase & {
  readonly kind: typeof ROW_KIND.verbalFluency;
  readonly wordIndication: string;
  readonly wordIndicationKind: WordIndicationKind;
  readonly words: ReadonlyArray<string>;
  readonly wrongWords: ReadonlyArray<string>;
  readonly responseAudio: string | null;
};

/** A letter indication reads 'Letter P'; a category reads as its name. */
export const wordIndicationText = (kind: WordIndicationKind, indication: string): string =>
  kind === WORD_INDICATION.letter ? `Letter ${indication}` : indication;

/** A word list reads comma-separated; a list without words reads 'None', since saying nothing is itself a finding. */
export const wordListText = (words: ReadonlyArray<string>): string => (words.length === 0 ? NO_WORDS : words.join(", "));

const rowsOf: RowsOfChallenge<VerbalFluencyRow> = (challenge) => {
  const content = decodePart(VerbalFluencyContent, challenge.content);
  if (content === undefined) return undefined;
  return mapAll(challenge.attempts, (attempt) => {
    const data = decodePart(VerbalFluencyAttemptData, attempt.attempt_data);
    return data === undefined
      ? undefined
      : {
          ...toBaseRow(challenge, attempt),
          kind: ROW_KIND.verbalFluency,
          wordIndication: content.indication,
          wordIndicationKind: content.indication_type,
          words: data.spoken_words.correct_words,
          wrongWords: data.spoken_words.wrong_words,
          responseAudio: attempt.response_audio_url,
        };
  });
};

/** A verbal-fluency row shows the category or letter, the fitting words, the wrong attempts and the recording. */
export const mapVerbalFluencySession = (detail: SessionDetailWire): Result<SessionView<VerbalFluencyRow>> =>
  mapSessionOf(GAME_TYPE.verbalFluency, rowsOf, detail);

export const VERBAL_FLUENCY_COLUMNS: ReadonlyArray<AttemptColumn<VerbalFluencyRow>> = [
  textColumn<VerbalFluencyRow>("wordIndication", "Category", (row) => wordIndicationText(row.wordIndicationKind, row.wordIndication)),
  textColumn<VerbalFluencyRow>("words", "List of words", (row) => wordListText(row.words)),
  textColumn<VerbalFluencyRow>("wrongWords", "Wrong attempts", (row) => wordListText(row.wrongWords)),
  audioColumn<VerbalFluencyRow>("responseAudio", "Response audio", (row) => row.responseAudio),
  ...closingColumns<VerbalFluencyRow>(),
];
