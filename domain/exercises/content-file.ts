import * as Schema from "effect/Schema";
import * as SchemaGetter from "effect/SchemaGetter";
import * as SchemaTransformation from "effect/SchemaTransformation";
import { OTHER_MESSAGES } from "../shared/error-catalogue.ts";
import { type Difficulty, DIFFICULTY_ORDER, DifficultySchema } from "../shared/games/difficulty.ts";
import { GAME_TYPES, type GameType } from "../shared/games/game-type.ts";
import { decodeLenient } from "../shared/wire/decode.ts";
import { fail, type Failure, type Result, succeed } from "../shared/result.ts";

// An exercise content file (GET /api/content/{game_type}/{difficulty}.json): the limits an
// assignment form may not exceed, and the items a game plays at that level, decoded per game type
// into the preview the exercises page shows. Keys this build does not know are ignored.

/** A picture or a recording, with the words a screen reader says in its place. */
export const MediaRef = Schema.Struct({ url: Schema.String, alt: Schema.String });
export type MediaRef = typeof MediaRef.Type;

/** One labelled line of an item beside its prompt (the question, the expected behaviour, an expected answer). */
export const PreviewDetail = Schema.Struct({ label: Schema.String, text: Schema.String });
export type PreviewDetail = typeof PreviewDetail.Type;

/** What the exercises page shows of one item: its prompt, labelled details, pictures and recording. */
export const ContentItemPreview = Schema.Struct({
  prompt: Schema.String,
  details: Schema.Array(PreviewDetail),
  images: Schema.Array(MediaRef),
  audio: Schema.NullOr(MediaRef),
});
export type ContentItemPreview = typeof ContentItemPreview.Type;

const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0));

/** The limits of one game at one difficulty (spec section 3, "file configuration"). */
export const ContentConfiguration = Schema.Struct({
  max_challenges: NonNegativeInt,
  max_amount_trials: NonNegativeInt,
  max_repetitions_per_day: NonNegativeInt,
  min_repetitions_per_day: NonNegativeInt,
  unlimited: Schema.Boolean,
}).check(
  Schema.makeFilter((configuration) => configuration.min_repetitions_per_day <= configuration.max_repetitions_per_day, {
    expected: "at most as many repetitions a day at minimum as at maximum",
  }),
);
export type ContentConfiguration = typeof ContentConfiguration.Type;

/**
 * A media address an item may carry: a path on the portal's own server ("/api/media/…") or an
 * http(s) address. Anything else (javascript:, data:, protocol-relative "//host") is refused, so
 * the preview never puts a script or another site's tracker behind an image or a player.
 */
export const MediaUrl = Schema.String.check(
  Schema.isPattern(/^(?:\/(?!\/)|https?:\/\/)\S*$/i, { expected: "a server path or an http(s) address" }),
);

const OptionalAudio = Schema.optionalKey(Schema.NullOr(MediaUrl));

// The spoken version of an item is read from `audio_url` in every game; its text alternative is
// the prompt it speaks.
const audioOf = (url: string | null | undefined, prompt: string): MediaRef | null =>
  url === undefined || url === null ? null : { url, alt: prompt };

const preview = (
  prompt: string,
  extra: { readonly details?: readonly PreviewDetail[]; readonly images?: readonly MediaRef[]; readonly audioUrl?: string | null | undefined } = {},
): ContentItemPreview => ({
  prompt,
  details: extra.details ?? [],
  images: extra.images ?? [],
  audio: audioOf(extra.audioUrl, prompt),
});

/** One game's wire item read into the preview; a preview cannot be written back into a content file. */
const toPreview = <S extends Schema.Top & { readonly DecodingServices: never; readonly EncodingServices: never }>(
  wire: S,
  read: (item: S["Type"]) => ContentItemPreview,
) =>
  wire.pipe(
    Schema.decodeTo(
      ContentItemPreview,
      SchemaTransformation.makeTransformation({
        decode: SchemaGetter.transform(read),
        encode: SchemaGetter.forbidden(() => "a content item preview cannot be encoded back to its content file"),
      }),
    ),
  );

const NamingItem = toPreview(
  Schema.Struct({ object_name: Schema.String, image_url: Schema.optionalKey(Schema.NullOr(MediaUrl)), audio_url: OptionalAudio }),
  (item) =>
    preview(item.object_name, {
      images: item.image_url === undefined || item.image_url === null ? [] : [{ url: item.image_url, alt: item.object_name }],
      audioUrl: item.audio_url,
    }),
);

const COLOUR_NAMES = ["blue", "green", "red", "yellow"] as const;
const Cell = Schema.NullOr(Schema.Literals([0, 1, 2, 3]));

/** A grid read row by row as the session review writes it: "blue, empty, red / empty, green, empty". */
const patternText = (pattern: ReadonlyArray<ReadonlyArray<0 | 1 | 2 | 3 | null>>): string =>
  pattern.map((row) => row.map((cell) => (cell === null ? "empty" : COLOUR_NAMES[cell])).join(", ")).join(" / ");

const MemoryGridItem = toPreview(
  Schema.Struct({ pattern: Schema.Array(Schema.Array(Cell)), audio_url: OptionalAudio }),
  (item) => preview(patternText(item.pattern), { audioUrl: item.audio_url }),
);

const answerDetail = (answer: string | undefined): PreviewDetail[] => (answer === undefined ? [] : [{ label: "Answer", text: answer }]);

const MedicationImageItem = Schema.Struct({
  variant: Schema.Literal("image"),
  pill_prescription_image_url: MediaUrl,
  pill_bottle_image_url: MediaUrl,
  question: Schema.String,
  expected_answer: Schema.optionalKey(Schema.String),
  audio_url: OptionalAudio,
});
const MedicationDirectionsItem = Schema.Struct({
  variant: Schema.Literal("directions"),
  prescription: Schema.String,
  expected_pill_count: Schema.optionalKey(NonNegativeInt),
  audio_url: OptionalAudio,
});

const MedicationItem = toPreview(Schema.Union([MedicationImageItem, MedicationDirectionsItem]), (item) =>
  item.variant === "image"
    ? preview(item.question, {
        details: answerDetail(item.expected_answer),
        images: [
          { url: item.pill_prescription_image_url, alt: "Pill Prescription" },
          { url: item.pill_bottle_image_url, alt: "Pill Bottle" },
        ],
        audioUrl: item.audio_url,
      })
    : preview(item.prescription, {
        details: answerDetail(
          item.expected_pill_count === undefined ? undefined : `${item.expected_pill_count} ${item.expected_pill_count === 1 ? "pill" : "pills"}`,
        ),
        audioUrl: item.audio_url,
      }),
);

const SocialSituationItem = toPreview(
  Schema.Struct({
    situation: Schema.String,
    question: Schema.String,
    expected_behavior: Schema.String,
    options: Schema.optionalKey(Schema.Array(Schema.String)),
    audio_url: OptionalAudio,
  }),
  (item) =>
    preview(item.situation, {
      details: [
        { label: "Question", text: item.question },
        { label: "Expected Behavior", text: item.expected_behavior },
        ...(item.options ?? []).map((option) => ({ label: "Option", text: option })),
      ],
      audioUrl: item.audio_url,
    }),
);

const VerbalFluencyItem = toPreview(
  Schema.Struct({ indication_type: Schema.Literals(["category", "letter"]), indication: Schema.String, audio_url: OptionalAudio }),
  (item) => preview(item.indication_type === "letter" ? `Letter ${item.indication}` : item.indication, { audioUrl: item.audio_url }),
);

const PillSortingItem = toPreview(Schema.Struct({ prescription: Schema.String, audio_url: OptionalAudio }), (item) =>
  preview(item.prescription, { audioUrl: item.audio_url }),
);

const ChitchatItem = toPreview(
  Schema.Struct({ topic: Schema.String, opening_line: Schema.optionalKey(Schema.String), audio_url: OptionalAudio }),
  (item) =>
    preview(item.topic, {
      details: item.opening_line === undefined ? [] : [{ label: "Opening line", text: item.opening_line }],
      audioUrl: item.audio_url,
    }),
);

const ParrotItem = toPreview(Schema.Struct({ object_name: Schema.String, audio_url: OptionalAudio }), (item) =>
  preview(item.object_name, { audioUrl: item.audio_url }),
);

const ITEM_SCHEMAS = {
  medication_management: MedicationItem,
  memory_grid: MemoryGridItem,
  naming: NamingItem,
  social_situations: SocialSituationItem,
  verbal_fluency: VerbalFluencyItem,
  pill_sorting: PillSortingItem,
  chitchat_ai: ChitchatItem,
  parrot: ParrotItem,
} as const satisfies Record<GameType, unknown>;

const fileOf = <G extends GameType>(gameType: G) =>
  Schema.Struct({
    game_type: Schema.Literal(gameType),
    difficulty: DifficultySchema,
    configuration: ContentConfiguration,
    items: Schema.Array(ITEM_SCHEMAS[gameType]),
  });

/** A content file, its items read the way its own game type defines them. */
export const ContentFile = Schema.Union(GAME_TYPES.map(fileOf));
export type ContentFile = {
  readonly game_type: GameType;
  readonly difficulty: Difficulty;
  readonly configuration: ContentConfiguration;
  readonly items: readonly ContentItemPreview[];
};

/** The game and level a content file was downloaded for. */
export type ContentRequest = { readonly gameType: GameType; readonly difficulty: Difficulty };

/** A game's content files, one per level it offers. */
export type ContentByDifficulty = Readonly<Partial<Record<Difficulty, ContentFile>>>;

const unreadable = (): Failure => fail("ERROR_001", OTHER_MESSAGES.errorDownloadingFile);
const decodeFile = decodeLenient(ContentFile);

/**
 * A downloaded file is only shown when it is a content file of the game and level that was asked
 * for: any other shape, or another game's or level's file, is "Error downloading file".
 */
export const decodeContentFile = (input: unknown, requested: ContentRequest): Result<ContentFile> => {
  const decoded = decodeFile(input);
  if (!decoded.ok) return unreadable();
  const file: ContentFile = decoded.value;
  return file.game_type === requested.gameType && file.difficulty === requested.difficulty ? succeed(file) : unreadable();
};

/**
 * A game's downloaded files grouped by difficulty (spec section 7, "parsed by difficulty"): each
 * level holds its own file; a file of another game, or a second file for one level, is refused.
 */
export const parseContentByDifficulty = (gameType: GameType, files: readonly ContentFile[]): Result<ContentByDifficulty> => {
  const byDifficulty: Partial<Record<Difficulty, ContentFile>> = {};
  for (const file of files) {
    if (file.game_type !== gameType || byDifficulty[file.difficulty] !== undefined) return unreadable();
    byDifficulty[file.difficulty] = file;
  }
  return succeed(byDifficulty);
};

/** The levels a game's grouped content holds, easiest first. */
export const contentLevels = (content: ContentByDifficulty): readonly Difficulty[] =>
  DIFFICULTY_ORDER.filter((difficulty) => content[difficulty] !== undefined);
