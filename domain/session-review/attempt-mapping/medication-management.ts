import * as Schema from "effect/Schema";
import type { Result } from "../../shared/result.ts";
import type { AttemptWire, ChallengeWire, SessionDetailWire } from "../session-detail-wire.ts";
import { GAME_TYPE } from "../../shared/games/game-type.ts";
import {
  type AttemptColumn,
  closingColumns,
  imageDialogColumn,
  textColumn,
  textOrNotAvailable,
} from "./attempt-columns.ts";
import { type AttemptRowBase, ROW_KIND, toBaseRow } from "./attempt-row.ts";
import { decodePart, mapAll, mapSessionOf, type RowsOfChallenge, type SessionView } from "./session-view.ts";

/** A medication challenge is either read off pictures (prescription and bottle) or worked out from written directions. */
export const MEDICATION_VARIANT = { image: "image", directions: "directions" } as const;
export type MedicationVariant = (typeof MEDICATION_VARIANT)[keyof typeof MEDICATION_VARIANT];

export const MedicationImageContent = Schema.Struct({
  variant: Schema.Literal(MEDICATION_VARIANT.image),
  pill_prescription_image_url: Schema.String,
  pill_bottle_image_url: Schema.String,
  question: Schema.String,
});
export const MedicationDirectionsContent = Schema.Struct({
  variant: Schema.Literal(MEDICATION_VARIANT.directions),
  prescription: Schema.String,
});
export const MedicationContent = Schema.Union([MedicationImageContent, MedicationDirectionsContent]);

export const MedicationImageAttemptData = Schema.Struct({ answer: Schema.NullOr(Schema.String) });
export const MedicationDirectionsAttemptData = Schema.Struct({
  pill_count: Schema.NullOr(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
});

export type MedicationImageRow = AttemptRowBase & {
  readonly kind: typeof ROW_KIND.medicationImage;
  readonly pillPrescriptionImage: string;
  readonly pillBottleImage: string;
  readonly question: string;
  readonly answer: string | null;
};

export type MedicationDirectionsRow = AttemptRowBase & {
  readonly kind: typeof ROW_KIND.medicationDirections;
  readonly prescription: string;
  readonly answer: string | null;
};

export type MedicationRow = MedicationImageRow | MedicationDirectionsRow;

/** A counted answer to written directions reads 'N pills' (spec section 3), and '1 pill' for one, as a clinician would write it. */
export const pillsAnswer = (count: number): string => `${count} ${count === 1 ? "pill" : "pills"}`;

const imageRow = (
  challenge: ChallengeWire,
  content: typeof MedicationImageContent.Type,
  attempt: AttemptWire,
): MedicationImageRow | undefined => {
  const data = decodePart(MedicationImageAttemptData, attempt.attempt_data);
  return data === undefined
    ? undefined
    : {
        ...toBaseRow(challenge, attempt),
        kind: ROW_KIND.medicationImage,
        pillPrescriptionImage: content.pill_prescription_image_url,
        pillBottleImage: content.pill_bottle_image_url,
        question: content.question,
        answer: data.answer,
      };
};

const directionsRow = (
  challenge: ChallengeWire,
  content: typeof MedicationDirectionsContent.Type,
  attempt: AttemptWire,
): MedicationDirectionsRow | undefined => {
  const data = decodePart(MedicationDirectionsAttemptData, attempt.attempt_data);
  return data === undefined
    ? undefined
    : {
        ...toBaseRow(challenge, attempt),
        kind: ROW_KIND.medicationDirections,
        prescription: content.prescription,
        answer: data.pill_count === null ? null : pillsAnswer(data.pill_count),
      };
};

const rowsOf: RowsOfChallenge<MedicationRow> = (challenge) => {
  const content = decodePart(MedicationContent, challenge.content);
  if (content === undefined) return undefined;
  return content.variant === MEDICATION_VARIANT.image
    ? mapAll(challenge.attempts, (attempt) => imageRow(challenge, content, attempt))
    : mapAll(challenge.attempts, (attempt) => directionsRow(challenge, content, attempt));
};

/** A medication row shows the pictures, question and answer, or the written prescription and the pills counted. */
export const mapMedicationManagementSession = (detail: SessionDetailWire): Result<SessionView<MedicationRow>> =>
  mapSessionOf(GAME_TYPE.medicationManagement, rowsOf, detail);

export const MEDICATION_IMAGE_COLUMNS: ReadonlyArray<AttemptColumn<MedicationImageRow>> = [
  imageDialogColumn<MedicationImageRow>("pillPrescriptionImage", "Pill Prescription", (row) => row.pillPrescriptionImage, () => "Pill prescription"),
  imageDialogColumn<MedicationImageRow>("pillBottleImage", "Pill Bottle", (row) => row.pillBottleImage, () => "Pill bottle"),
  textColumn<MedicationImageRow>("question", "Question", (row) => textOrNotAvailable(row.question)),
  textColumn<MedicationImageRow>("answer", "Answer", (row) => textOrNotAvailable(row.answer)),
  ...closingColumns<MedicationImageRow>(),
];

export const MEDICATION_DIRECTIONS_COLUMNS: ReadonlyArray<AttemptColumn<MedicationDirectionsRow>> = [
  textColumn<MedicationDirectionsRow>("prescription", "Prescription", (row) => textOrNotAvailable(row.prescription)),
  textColumn<MedicationDirectionsRow>("answer", "Answer", (row) => textOrNotAvailable(row.answer)),
  ...closingColumns<MedicationDirectionsRow>(),
];
