import { describe, expect, it } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { OTHER_MESSAGES } from "../shared/error-catalogue.ts";
import { type Difficulty, DIFFICULTY_ORDER } from "../shared/games/difficulty.ts";
import { GAME_TYPES, type GameType } from "../shared/games/game-type.ts";
import {
  type ContentFile,
  contentLevels,
  decodeContentFile,
  parseContentByDifficulty,
} from "./content-file.ts";

const configuration = { max_challenges: 5, max_amount_trials: 3, max_repetitions_per_day: 3, min_repetitions_per_day: 1, unlimited: false };

const fileOf = (game_type: string, difficulty: string, items: readonly unknown[], extra: Record<string, unknown> = {}) => ({
  game_type,
  difficulty,
  configuration,
  items,
  ...extra,
});

const decoded = (game: GameType, difficulty: Difficulty, items: readonly unknown[]): ContentFile => {
  const result = decodeContentFile(fileOf(game, difficulty, items), { gameType: game, difficulty });
  if (!result.ok) throw new Error(`expected ${game} ${difficulty} to decode`);
  return result.value;
};

const refusal = { ok: false, code: "ERROR_001", message: OTHER_MESSAGES.errorDownloadingFile };

describe("items read per game type into the preview", () => {
  it("naming: the object is the prompt and the picture's text alternative", () => {
    const file = decoded("naming", "easy", [{ object_name: "apple", image_url: "/api/media/image/object-apple.svg" }]);
    expect(file.items).toEqual([
      { prompt: "apple", details: [], images: [{ url: "/api/media/image/object-apple.svg", alt: "apple" }], audio: null },
    ]);
  });

  it("a recording's text alternative is the prompt it speaks", () => {
    const file = decoded("parrot", "medium", [{ object_name: "Good morning", audio_url: "/api/media/audio/good-morning.wav" }]);
    expect(file.items[0]?.audio).toEqual({ url: "/api/media/audio/good-morning.wav", alt: "Good morning" });
  });

  it("medication: both pictures with their names, the question, and the expected answer", () => {
    const file = decoded("medication_management", "medium", [
      { variant: "image", pill_prescription_image_url: "/p.svg", pill_bottle_image_url: "/b.svg", question: "How many?", expected_answer: "1 tablet" },
      { variant: "directions", prescription: "Take 1 twice a day for 2 days.", expected_pill_count: 4 },
      { variant: "directions", prescription: "Take 1 once.", expected_pill_count: 1 },
    ]);
    expect(file.items).toEqual([
      {
        prompt: "How many?",
        details: [{ label: "Answer", text: "1 tablet" }],
        images: [
          { url: "/p.svg", alt: "Pill Prescription" },
          { url: "/b.svg", alt: "Pill Bottle" },
        ],
        audio: null,
      },
      { prompt: "Take 1 twice a day for 2 days.", details: [{ label: "Answer", text: "4 pills" }], images: [], audio: null },
      { prompt: "Take 1 once.", details: [{ label: "Answer", text: "1 pill" }], images: [], audio: null },
    ]);
  });

  it("memory grid: the pattern in colour names, row by row", () => {
    const file = decoded("memory_grid", "easy", [{ pattern: [[0, null], [3, 2]] }]);
    expect(file.items[0]?.prompt).toBe("blue, empty / yellow, red");
  });

  it("social situations: the situation, then the question, expected behaviour and options", () => {
    const file = decoded("social_situations", "easy", [
      { situation: "A wave.", question: "What do you do?", expected_behavior: "Wave back.", options: ["Wave back", "Look away"] },
    ]);
    expect(file.items[0]).toEqual({
      prompt: "A wave.",
      details: [
        { label: "Question", text: "What do you do?" },
        { label: "Expected Behavior", text: "Wave back." },
        { label: "Option", text: "Wave back" },
        { label: "Option", text: "Look away" },
      ],
      images: [],
      audio: null,
    });
  });

  it("verbal fluency, pill sorting and chit-chat read their prompt", () => {
    expect(decoded("verbal_fluency", "hard", [{ indication_type: "letter", indication: "P" }, { indication_type: "category", indication: "Animals" }]).items.map((item) => item.prompt)).toEqual([
      "Letter P",
      "Animals",
    ]);
    expect(decoded("pill_sorting", "easy", [{ prescription: "Take 1 tablet every morning.", expected_schedule: { monday: [] } }]).items[0]?.prompt).toBe(
      "Take 1 tablet every morning.",
    );
    expect(decoded("chitchat_ai", "easy", [{ topic: "Your hobbies", opening_line: "Let's chat." }]).items[0]).toEqual({
      prompt: "Your hobbies",
      details: [{ label: "Opening line", text: "Let's chat." }],
      images: [],
      audio: null,
    });
  });

  it("an item in another game's shape refuses the whole file", () => {
    expect(decodeContentFile(fileOf("naming", "easy", [{ prescription: "Take 1." }]), { gameType: "naming", difficulty: "easy" })).toEqual(refusal);
  });

  it("a configuration asking for more repetitions at minimum than at maximum is refused", () => {
    const file = { ...fileOf("parrot", "easy", []), configuration: { ...configuration, min_repetitions_per_day: 4 } };
    expect(decodeContentFile(file, { gameType: "parrot", difficulty: "easy" })).toEqual(refusal);
  });
});

// Wire items as the server writes them, one arbitrary per game type.
const text = fc.string({ minLength: 1, maxLength: 30 });
const mediaPath = fc.stringMatching(/^[a-z0-9-]{1,12}$/).map((name) => `/api/media/image/${name}.svg`);
const optionalAudio = fc.option(fc.stringMatching(/^[a-z0-9-]{1,12}$/).map((name) => `/api/media/audio/${name}.wav`), { nil: undefined });
const withAudio = <T extends object>(item: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.tuple(item, optionalAudio).map(([value, audio]) => (audio === undefined ? value : { ...value, audio_url: audio }));

const ITEM_ARBITRARIES: Readonly<Record<GameType, fc.Arbitrary<Record<string, unknown>>>> = {
  naming: withAudio(fc.record({ object_name: text, image_url: fc.option(mediaPath, { nil: null }) })),
  memory_grid: withAudio(fc.record({ pattern: fc.array(fc.array(fc.constantFrom(0, 1, 2, 3, null), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }) })),
  medication_management: withAudio(
    fc.oneof(
      fc.record({ variant: fc.constant("image"), pill_prescription_image_url: mediaPath, pill_bottle_image_url: mediaPath, question: text, expected_answer: text }),
      fc.record({ variant: fc.constant("directions"), prescription: text, expected_pill_count: fc.nat(60) }),
    ),
  ),
  social_situations: withAudio(fc.record({ situation: text, question: text, expected_behavior: text, options: fc.array(text, { maxLength: 3 }) })),
  verbal_fluency: withAudio(fc.record({ indication_type: fc.constantFrom("category", "letter"), indication: text })),
  pill_sorting: withAudio(fc.record({ prescription: text })),
  chitchat_ai: withAudio(fc.record({ topic: text, opening_line: text })),
  parrot: withAudio(fc.record({ object_name: text })),
};

const configurationArbitrary = fc
  .record({ max_challenges: fc.nat(20), max_amount_trials: fc.nat(5), low: fc.nat(5), extra: fc.nat(5), unlimited: fc.boolean() })
  .map(({ low, extra, ...rest }) => ({ ...rest, min_repetitions_per_day: low, max_repetitions_per_day: low + extra }));

const gameArbitrary = fc.constantFrom(...GAME_TYPES);
const difficultyArbitrary = fc.constantFrom(...DIFFICULTY_ORDER);

/** A well-formed content file of some game and level, as the server sends it. */
const wireFileArbitrary = fc
  .tuple(gameArbitrary, difficultyArbitrary, configurationArbitrary)
  .chain(([game, difficulty, config]) =>
    fc.array(ITEM_ARBITRARIES[game], { maxLength: 6 }).map((items) => ({ game_type: game, difficulty, configuration: config, items })),
  );

const unknownKey = fc.stringMatching(/^x_[a-z]{1,8}$/);

/** The same file with keys this build does not know added to the file and to every item. */
const withUnknownKeys = (file: { readonly items: readonly Record<string, unknown>[] }, key: string, value: unknown) => ({
  ...file,
  [key]: value,
  items: file.items.map((item) => ({ ...item, [key]: value })),
});

describe("decoding a downloaded file", () => {
  test.prop([wireFileArbitrary])("a file of the game and level that was asked for keeps its level, limits and every item", (file) => {
    const result = decodeContentFile(file, { gameType: file.game_type, difficulty: file.difficulty });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.game_type).toBe(file.game_type);
    expect(result.value.difficulty).toBe(file.difficulty);
    expect(result.value.configuration).toEqual(file.configuration);
    expect(result.value.items).toHaveLength(file.items.length);
    for (const item of result.value.items) {
      for (const media of [...item.images, ...(item.audio === null ? [] : [item.audio])]) expect(media.alt.length).toBeGreaterThan(0);
    }
  });

  test.prop([wireFileArbitrary, unknownKey, fc.jsonValue()])("keys the portal does not know change nothing", (file, key, value) => {
    const request = { gameType: file.game_type, difficulty: file.difficulty };
    expect(decodeContentFile(withUnknownKeys(file, key, value), request)).toEqual(decodeContentFile(file, request));
  });

  test.prop([wireFileArbitrary, gameArbitrary, difficultyArbitrary])(
    "a file of another game or level than the one asked for is refused",
    (file, gameType, difficulty) => {
      fc.pre(gameType !== file.game_type || difficulty !== file.difficulty);
      expect(decodeContentFile(file, { gameType, difficulty })).toEqual(refusal);
    },
  );

  test.prop([fc.constantFrom("javascript:alert(1)", "data:image/svg+xml,<svg/>", "//tracker.example/p.gif", "ftp://host/p.svg", "vbscript:x")])(
    "a picture or recording at an address that is neither a server path nor http(s) refuses the file",
    (url) => {
      const request = { gameType: "naming", difficulty: "easy" } as const;
      expect(decodeContentFile(fileOf("naming", "easy", [{ object_name: "a", image_url: url }]), request)).toEqual(refusal);
      expect(decodeContentFile(fileOf("naming", "easy", [{ object_name: "a", audio_url: url }]), request)).toEqual(refusal);
    },
  );

  test.prop([fc.anything(), gameArbitrary, difficultyArbitrary])("anything that is not a content file is refused, never thrown", (input, gameType, difficulty) => {
    fc.pre(typeof input !== "object" || input === null || !("items" in input));
    expect(decodeContentFile(input, { gameType, difficulty })).toEqual(refusal);
  });

  test.prop([
    wireFileArbitrary,
    fc.constantFrom("max_challenges", "max_amount_trials", "max_repetitions_per_day", "min_repetitions_per_day"),
    fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true }), fc.constant("3")),
  ])("a limit that is not a whole number of at least 0 is refused", (file, limit, bad) => {
    const broken = { ...file, configuration: { ...file.configuration, [limit]: bad } };
    expect(decodeContentFile(broken, { gameType: file.game_type, difficulty: file.difficulty })).toEqual(refusal);
  });
});

/** One decoded file per distinct level of one game, in any order. */
const gameFilesArbitrary = fc
  .tuple(gameArbitrary, fc.subarray([...DIFFICULTY_ORDER]))
  .chain(([game, levels]) =>
    fc
      .tuple(...levels.map((difficulty) => fc.array(ITEM_ARBITRARIES[game], { maxLength: 3 }).map((items) => decoded(game, difficulty, items))))
      .chain((files) => fc.shuffledSubarray(files, { minLength: files.length, maxLength: files.length }))
      .map((files) => ({ game, files })),
  );

describe("grouping a game's files by difficulty", () => {
  test.prop([gameFilesArbitrary])("each level holds its own file, whatever order the downloads finished in", ({ game, files }) => {
    const grouped = parseContentByDifficulty(game, files);
    expect(grouped.ok).toBe(true);
    if (!grouped.ok) return;
    expect(contentLevels(grouped.value)).toEqual(DIFFICULTY_ORDER.filter((level) => files.some((file) => file.difficulty === level)));
    for (const level of contentLevels(grouped.value)) expect(grouped.value[level]?.difficulty).toBe(level);
    expect(parseContentByDifficulty(game, [...files].reverse())).toEqual(grouped);
  });

  test.prop([gameFilesArbitrary, gameArbitrary])("a file of another game is refused", ({ game, files }, other) => {
    fc.pre(other !== game && files.length > 0);
    expect(parseContentByDifficulty(other, files)).toEqual(refusal);
  });

  test.prop([gameFilesArbitrary])("two files for one level are refused", ({ game, files }) => {
    const [first] = files;
    fc.pre(first !== undefined);
    if (first === undefined) return;
    expect(parseContentByDifficulty(game, [...files, first])).toEqual(refusal);
  });

  it("no files is an empty grouping", () => {
    expect(parseContentByDifficulty("naming", [])).toEqual({ ok: true, value: {} });
  });
});
