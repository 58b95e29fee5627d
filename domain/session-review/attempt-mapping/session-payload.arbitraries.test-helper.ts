import { fc } from "@fast-check/vitest";
import type { AttemptNote, NoteAuthor } from "../attempts-wire.ts";
import type { AttemptCorrectionWire } from "../session-review-calls.ts";
import type { SessionDetailJson } from "../session-detail-wire.ts";
import { DIFFICULTY, DIFFICULTY_ORDER, type Difficulty } from "../../shared/games/difficulty.ts";
import { GAME_TYPE, type GameType, gameTypeName } from "../../shared/games/game-type.ts";
import { MAX_ID } from "../../shared/ids.ts";
import type { ChitchatAttemptData } from "./chitchat-ai.ts";
import type {
  MedicationDirectionsAttemptData,
  MedicationDirectionsContent,
  MedicationImageAttemptData,
  MedicationImageContent,
} from "./medication-management.ts";
import type { MemoryGridContent } from "./memory-grid.ts";
import type { NamingContent } from "./naming.ts";
import type { ParrotContent } from "./parrot.ts";
import type { PillSortingAttemptData, PillSortingContent } from "./pill-sorting.ts";
import type { SocialSituationAttemptData, SocialSituationContent } from "./social-situations.ts";
import type { VerbalFluencyAttemptData, VerbalFluencyContent } from "./verbal-fluency.ts";

/**
 * Server payloads of GET /game-session/{id}/detailed/ generated exactly as docs/attempt-mapping.md
 * describes them, one small section per game: property tests map thousands of these instead of
 * the one hand-written example per game.
 */

export type ChallengeJson = SessionDetailJson["challenges_in_session"][number];
export type AttemptJson = ChallengeJson["attempts"][number];
type JsonObject = { readonly [key: string]: unknown };
type NoteJson = typeof AttemptNote.Encoded;
type AuthorJson = typeof NoteAuthor.Encoded;
type CorrectionJson = typeof AttemptCorrectionWire.Encoded;

export const MAX_CHALLENGES = 8;
export const MAX_ATTEMPTS_PER_CHALLENGE = 5;

// ---------------------------------------------------------------------------------------------
// Shared pieces

const idArb = fc.integer({ min: 1, max: MAX_ID });
const uniqueIdsArb = (count: number): fc.Arbitrary<number[]> =>
  fc.uniqueArray(idArb, { minLength: count, maxLength: count });

/** Free text as a patient, an AI or a clinician produces it: any characters, sometimes blank. */
const textArb = fc.string({ unit: "grapheme", maxLength: 24 });
const wordArb = fc.stringMatching(/^[a-z]{1,10}$/);
const nullable = <A>(arb: fc.Arbitrary<A>): fc.Arbitrary<A | null> => fc.option(arb, { nil: null });

/** ISO-8601 with seconds and an offset (Z or +00:00, with or without milliseconds), as the wire writes every moment. */
const isoDateTimeArb = fc
  .tuple(
    fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-12-31T23:59:59Z"), noInvalidDate: true }),
    fc.constantFrom("Z", ".000Z", "+00:00"),
  )
  .map(([date, offset]) => date.toISOString().replace(/\.\d{3}Z$/, offset));

/** A media file as an absolute URL or a path on the portal's own host. */
const mediaPathArb = (folder: string, extension: string): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom("https://cdn.example.org", ""), fc.nat(99_999))
    .map(([host, name]) => `${host}/${folder}/${name}.${extension}`);
const audioUrlArb = mediaPathArb("audio", "m4a");
const imageUrlArb = mediaPathArb("images", "png");

// Names may be empty (the portal shows initials 'N' / 'A' then) or carry stray spaces the wire trims.
const personNameArb = fc.constantFrom("Dana", "Sam", "Reyes", "Okafor", "", " Lee ", "O'Brien");
const emailArb = fc
  .tuple(fc.constantFrom("dana.reyes", "sam", "slp"), fc.nat(999), fc.constantFrom("clinic.example.org", "example.com"))
  .map(([local, number, domain]) => `${local}${number}@${domain}`);

const authorArb: fc.Arbitrary<AuthorJson> = fc.record({
  id: idArb,
  first_name: personNameArb,
  last_name: personNameArb,
  email: emailArb,
});

const colourArb = fc.integer({ min: 0, max: 0xffffff }).map((value) => `#${value.toString(16).padStart(6, "0")}`);

/** An SLP note without its ids, which the session assembly gives it (game_attempt is the attempt's id). */
type NoteBody = Omit<NoteJson, "id" | "game_attempt">;
const noteBodyArb: fc.Arbitrary<NoteBody> = fc.record({
  type: fc.record({ id: idArb, name: fc.constantFrom("Observation", "Progress", "Recommendation"), color: colourArb, sort_order: fc.nat(20) }),
  note: textArb,
  created_by: authorArb,
  created_at: isoDateTimeArb,
  last_edited_by: nullable(authorArb),
  updated_at: isoDateTimeArb,
  version: fc.integer({ min: 1, max: 1000 }),
});

const correctionArb: fc.Arbitrary<CorrectionJson> = fc.record({
  corrected_by: authorArb,
  corrected_at: isoDateTimeArb,
  original: fc.record({
    score: nullable(fc.double({ min: 0, max: 1, noNaN: true })),
    is_correct: nullable(fc.boolean()),
    transcription: nullable(textArb),
    correct_words: nullable(fc.array(wordArb, { maxLength: 5 })),
    wrong_words: nullable(fc.array(wordArb, { maxLength: 5 })),
  }),
});

/** An attempt without its ids; `correction` is left out by servers that do not track corrections. */
type AttemptBody = Omit<AttemptJson, "id" | "attempt_number" | "notes"> & { readonly notes: ReadonlyArray<NoteBody> };

const attemptBodyArb = (attemptData: fc.Arbitrary<JsonObject>): fc.Arbitrary<AttemptBody> =>
  fc
    .record({
      is_editable: fc.boolean(),
      score: nullable(fc.double({ min: 0, max: 1, noNaN: true })),
      score_details: fc.record({ is_correct: nullable(fc.boolean()), transcription: nullable(textArb), ai_feedback: nullable(textArb) }),
      hints_used: nullable(fc.nat(10)),
      time_seconds: nullable(fc.double({ min: 0, max: 600, noNaN: true })),
      response_audio_url: nullable(audioUrlArb),
      attempt_data: attemptData,
      notes: fc.array(noteBodyArb, { maxLength: 2 }),
      created_at: isoDateTimeArb,
      version: fc.integer({ min: 1, max: 1000 }),
      correction: fc.option(nullable(correctionArb), { nil: undefined }),
    })
    .map(({ correction, ...attempt }) => (correction === undefined ? attempt : { ...attempt, correction }));

/** One challenge's content and its attempts' attempt_data, which may depend on the content (medication variants). */
type ChallengeBody = { readonly content: JsonObject; readonly attempts: ReadonlyArray<AttemptBody> };

const challengeBodyArb = <C extends JsonObject>(
  content: fc.Arbitrary<C>,
  attemptData: (content: C) => fc.Arbitrary<JsonObject>,
): fc.Arbitrary<ChallengeBody> =>
  content.chain((chosen) =>
    fc.record({
      content: fc.constant(chosen),
      attempts: fc.array(attemptBodyArb(attemptData(chosen)), { minLength: 1, maxLength: MAX_ATTEMPTS_PER_CHALLENGE }),
    }),
  );

const noAttemptData = (): fc.Arbitrary<JsonObject> => fc.constant({});

// ---------------------------------------------------------------------------------------------
// naming: the object to name and its picture; no attempt_data.

export const namingContentArb: fc.Arbitrary<typeof NamingContent.Encoded> = fc.record({
  object_name: fc.oneof(fc.constantFrom("apple", "umbrella", "bicycle", "kettle"), textArb),
  image_url: nullable(imageUrlArb),
});
const namingChallengeArb = (): fc.Arbitrary<ChallengeBody> => challengeBodyArb(namingContentArb, noAttemptData);

// ---------------------------------------------------------------------------------------------
// memory_grid: a rectangular pattern of colour codes 0..3 and empty cells; no attempt_data.

type PatternCode = 0 | 1 | 2 | 3 | null;
export const memoryGridContentArb: fc.Arbitrary<typeof MemoryGridContent.Encoded> = fc
  .tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }))
  .chain(([rows, columns]) =>
    fc.array(fc.array(fc.constantFrom<PatternCode>(0, 1, 2, 3, null), { minLength: columns, maxLength: columns }), {
      minLength: rows,
      maxLength: rows,
    }),
  )
  .map((pattern) => ({ pattern }));
const memoryGridChallengeArb = (): fc.Arbitrary<ChallengeBody> => challengeBodyArb(memoryGridContentArb, noAttemptData);

// ---------------------------------------------------------------------------------------------
// medication_management: per challenge, pictures with a question (answer text) or written directions (pill count).

export const medicationImageContentArb: fc.Arbitrary<typeof MedicationImageContent.Encoded> = fc.record({
  variant: fc.constant("image"),
  pill_prescription_image_url: imageUrlArb,
  pill_bottle_image_url: imageUrlArb,
  question: textArb,
});
export const medicationDirectionsContentArb: fc.Arbitrary<typeof MedicationDirectionsContent.Encoded> = fc.record({
  variant: fc.constant("directions"),
  prescription: textArb,
});
const medicationImageAttemptDataArb: fc.Arbitrary<typeof MedicationImageAttemptData.Encoded> = fc.record({ answer: nullable(textArb) });
const medicationDirectionsAttemptDataArb: fc.Arbitrary<typeof MedicationDirectionsAttemptData.Encoded> = fc.record({
  pill_count: nullable(fc.nat(30)),
});
const medicationChallengeArb = (): fc.Arbitrary<ChallengeBody> =>
  fc.oneof(
    challengeBodyArb(medicationImageContentArb, () => medicationImageAttemptDataArb),
    challengeBodyArb(medicationDirectionsContentArb, () => medicationDirectionsAttemptDataArb),
  );

// ---------------------------------------------------------------------------------------------
// social_situations: options and the option chosen at easy level; a spoken answer (no attempt_data) above it.

const socialContentArb = (options: fc.Arbitrary<string[]>): fc.Arbitrary<typeof SocialSituationContent.Encoded> =>
  fc.record({ situation: textArb, question: textArb, expected_behavior: textArb, options });
export const socialEasyContentArb = socialContentArb(fc.uniqueArray(textArb, { minLength: 1, maxLength: 4 }));
export const socialOpenContentArb = socialContentArb(fc.constant([]));
const socialEasyAttemptDataArb = (
  content: typeof SocialSituationContent.Encoded,
): fc.Arbitrary<typeof SocialSituationAttemptData.Encoded> =>
  fc.record({ selected_option: nullable(fc.constantFrom(...content.options)) });
const socialChallengeArb = (difficulty: Difficulty): fc.Arbitrary<ChallengeBody> =>
  difficulty === DIFFICULTY.easy
    ? challengeBodyArb(socialEasyContentArb, socialEasyAttemptDataArb)
    : challengeBodyArb(socialOpenContentArb, noAttemptData);

// ---------------------------------------------------------------------------------------------
// verbal_fluency: a category or a letter; the words said that fit it and those that did not.

export const verbalFluencyContentArb: fc.Arbitrary<typeof VerbalFluencyContent.Encoded> = fc.oneof(
  fc.record({ indication_type: fc.constant("category"), indication: fc.constantFrom("Animals", "Fruit", "Tools", "Clothes") }),
  fc.record({ indication_type: fc.constant("letter"), indication: fc.stringMatching(/^[A-Z]$/) }),
);
const verbalFluencyAttemptDataArb: fc.Arbitrary<typeof VerbalFluencyAttemptData.Encoded> = fc.record({
  spoken_words: fc.record({ correct_words: fc.array(wordArb, { maxLength: 8 }), wrong_words: fc.array(wordArb, { maxLength: 4 }) }),
});
const verbalFluencyChallengeArb = (): fc.Arbitrary<ChallengeBody> =>
  challengeBodyArb(verbalFluencyContentArb, () => verbalFluencyAttemptDataArb);

// ---------------------------------------------------------------------------------------------
// pill_sorting: written directions; the weekly organiser as sorted, any weekday missing or empty.

const scheduleEntryArb = fc.record({ time_of_day: fc.constantFrom("morning", "noon", "evening", "night"), pills: fc.nat(4) });
const daySlotsArb = fc.array(scheduleEntryArb, { maxLength: 4 });
export const pillSortingContentArb: fc.Arbitrary<typeof PillSortingContent.Encoded> = fc.record(
  // The server may store the expected schedule too; the portal ignores it.
  { prescription: textArb, expected_schedule: fc.constant({ sunday: [{ time_of_day: "morning", pills: 1 }] }) },
  { requiredKeys: ["prescription"] },
);
const pillSortingAttemptDataArb: fc.Arbitrary<typeof PillSortingAttemptData.Encoded> = fc.record({
  answer: nullable(textArb),
  weekly_schedule: fc.record(
    {
      sunday: daySlotsArb,
      monday: daySlotsArb,
      tuesday: daySlotsArb,
      wednesday: daySlotsArb,
      thursday: daySlotsArb,
      friday: daySlotsArb,
      saturday: daySlotsArb,
    },
    { requiredKeys: [] },
  ),
  total_attempts: nullable(fc.nat(10)),
});
const pillSortingChallengeArb = (): fc.Arbitrary<ChallengeBody> =>
  challengeBodyArb(pillSortingContentArb, () => pillSortingAttemptDataArb);

// ---------------------------------------------------------------------------------------------
// chitchat_ai: one conversation per challenge (content {} or a topic the portal ignores); the AI's recording and totals.

export const chitchatContentArb: fc.Arbitrary<JsonObject> = fc.record({ topic: textArb }, { requiredKeys: [] });
const chitchatAttemptDataArb: fc.Arbitrary<typeof ChitchatAttemptData.Encoded> = fc.record({
  ai_recording_url: nullable(audioUrlArb),
  final_stats: nullable(
    fc
      .record({ ai_messages: fc.nat(40), user_messages: fc.nat(40), conversation_duration: fc.double({ min: 0, max: 1800, noNaN: true }) })
      .map((stats) => ({ ...stats, total_messages: stats.ai_messages + stats.user_messages })),
  ),
});
const chitchatChallengeArb = (): fc.Arbitrary<ChallengeBody> => challengeBodyArb(chitchatContentArb, () => chitchatAttemptDataArb);

// ---------------------------------------------------------------------------------------------
// parrot: the word or phrase to repeat; no attempt_data.

export const parrotContentArb: fc.Arbitrary<typeof ParrotContent.Encoded> = fc.record({
  object_name: fc.constantFrom("Good morning", "butterfly", "See you later"),
});
const parrotChallengeArb = (): fc.Arbitrary<ChallengeBody> => challengeBodyArb(parrotContentArb, noAttemptData);

// ---------------------------------------------------------------------------------------------
// The session

const CHALLENGE_OF: Readonly<Record<GameType, (difficulty: Difficulty) => fc.Arbitrary<ChallengeBody>>> = {
  naming: namingChallengeArb,
  memory_grid: memoryGridChallengeArb,
  medication_management: medicationChallengeArb,
  social_situations: socialChallengeArb,
  verbal_fluency: verbalFluencyChallengeArb,
  pill_sorting: pillSortingChallengeArb,
  chitchat_ai: chitchatChallengeArb,
  parrot: parrotChallengeArb,
};

/** Pill sorting and AI chit-chat have one level, and the server sends it as easy. */
export const difficultyArb = (gameType: GameType): fc.Arbitrary<Difficulty> =>
  gameType === GAME_TYPE.pillSorting || gameType === GAME_TYPE.chitchatAi
    ? fc.constant(DIFFICULTY.easy)
    : fc.constantFrom(...DIFFICULTY_ORDER);

/** Unique challenge, attempt and note ids and unique play orders, handed out to the bodies in arrival order. */
const withIds = (bodies: ReadonlyArray<ChallengeBody>): fc.Arbitrary<ChallengeJson[]> => {
  const attempts = bodies.flatMap((body) => body.attempts);
  const notes = attempts.flatMap((attempt) => attempt.notes);
  return fc
    .record({
      challengeIds: uniqueIdsArb(bodies.length),
      orders: fc.uniqueArray(fc.integer({ min: 0, max: 1000 }), { minLength: bodies.length, maxLength: bodies.length }),
      attemptIds: uniqueIdsArb(attempts.length),
      noteIds: uniqueIdsArb(notes.length),
    })
    .map(({ challengeIds, orders, attemptIds, noteIds }) => {
      let attemptIndex = 0;
      let noteIndex = 0;
      return bodies.map((body, challengeIndex) => ({
        id: challengeIds[challengeIndex] ?? 0,
        order: orders[challengeIndex] ?? 0,
        content: body.content,
        attempts: body.attempts.map((attempt, position) => {
          const id = attemptIds[attemptIndex++] ?? 0;
          return {
            id,
            attempt_number: position + 1,
            ...attempt,
            notes: attempt.notes.map((note) => ({ ...note, id: noteIds[noteIndex++] ?? 0, game_attempt: id })),
          };
        }),
      }));
    });
};

const sum = (values: ReadonlyArray<number>): number => values.reduce((total, value) => total + value, 0);
const changeArb = nullable(fc.double({ min: -100, max: 1000, noNaN: true }));

const wordsSaid = (attempt: AttemptJson): number => {
  const spoken = attempt.attempt_data["spoken_words"];
  const correct = typeof spoken === "object" && spoken !== null && "correct_words" in spoken ? spoken.correct_words : [];
  return Array.isArray(correct) ? correct.length : 0;
};

/** The tiles as the document derives them from the attempts: sum of scores, share correct, time, per item. */
const statisticsOf = (gameType: GameType, challenges: ReadonlyArray<ChallengeJson>, slackSeconds: number) => {
  const attempts = challenges.flatMap((challenge) => challenge.attempts);
  const correct = attempts.filter((attempt) => attempt.score_details.is_correct === true).length;
  const duration = sum(attempts.map((attempt) => attempt.time_seconds ?? 0)) + slackSeconds;
  const wordsCount = sum(attempts.map(wordsSaid));
  const solved = challenges.filter((challenge) => challenge.attempts.some((attempt) => attempt.score_details.is_correct === true));
  const perItem = gameType === GAME_TYPE.verbalFluency ? wordsCount : challenges.length;
  return {
    total_score: attempts.length === 0 ? null : sum(attempts.map((attempt) => attempt.score ?? 0)),
    accuracy_percentage: attempts.length === 0 ? null : (correct / attempts.length) * 100,
    total_session_duration: attempts.length === 0 ? null : duration,
    avg_duration_per_content: attempts.length === 0 || perItem === 0 ? null : duration / perItem,
    game_metrics:
      gameType === GAME_TYPE.verbalFluency
        ? { words_count: wordsCount }
        : gameType === GAME_TYPE.memoryGrid
          ? { success_rate: challenges.length === 0 ? null : (solved.length / challenges.length) * 100 }
          : {},
  };
};

export type SessionPayloadOptions = { readonly minChallenges?: number };

/** A session detail of one game type as the server sends it: 0–8 challenges in shuffled order, 1–5 attempts each. */
export const sessionPayloadArb = (gameType: GameType, options: SessionPayloadOptions = {}): fc.Arbitrary<SessionDetailJson> =>
  difficultyArb(gameType).chain((difficulty) =>
    fc
      .array(CHALLENGE_OF[gameType](difficulty), { minLength: options.minChallenges ?? 0, maxLength: MAX_CHALLENGES })
      .chain(withIds)
      .chain((challenges) =>
        fc.record({
          header: fc.record(
            {
              id: idArb,
              patient_id: idArb,
              patient_game_level_id: idArb,
              review: nullable(fc.record({ reviewed_by: authorArb, reviewed_at: isoDateTimeArb })),
            },
            { requiredKeys: ["id"] },
          ),
          gameId: idArb,
          startTime: isoDateTimeArb,
          isActive: fc.boolean(),
          slackSeconds: fc.double({ min: 0, max: 120, noNaN: true }),
          changes: fc.tuple(changeArb, changeArb, changeArb, changeArb),
        }).map(({ header, gameId, startTime, isActive, slackSeconds, changes }): SessionDetailJson => ({
          ...header,
          game_info: { id: gameId, name: gameTypeName(gameType), type: gameType },
          start_time: startTime,
          difficulty,
          is_active: isActive,
          ...statisticsOf(gameType, challenges, slackSeconds),
          total_score_percentage_change: changes[0],
          accuracy_percentage_change: changes[1],
          total_session_duration_percentage_change: changes[2],
          avg_duration_per_content_percentage_change: changes[3],
          challenges_in_session: challenges,
        })),
      ),
  );
