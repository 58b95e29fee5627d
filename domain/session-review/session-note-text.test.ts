import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { GAME_TYPES } from "../shared/games/game-type.ts";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";
import { SESSION_DETAIL_EXAMPLES } from "./attempt-mapping/session-detail-examples.fixtures.ts";
import { sessionPayloadArb } from "./attempt-mapping/session-payload.arbitraries.test-helper.ts";
import { type SessionDetailJson, SessionDetailWire } from "./session-detail-wire.ts";
import { accuracyBeforeCorrection, sessionNoteText } from "./session-note-text.ts";

const decode = (input: SessionDetailJson) => Schema.decodeUnknownSync(SessionDetailWire)(input);
const RUNS = { numRuns: fuzzRuns(60) };
const payloadArb = fc.constantFrom(...GAME_TYPES).chain((type) => sessionPayloadArb(type));
const nameArb = fc.option(fc.constantFrom("Ada Lovelace", "", " Ng ", "Not specified"), { nil: null });
const NOTE_LINE = /^- Item \d+, attempt \d+ \(/;
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

describe("sessionNoteText", () => {
  test.prop([payloadArb, nameArb], RUNS)("never writes undefined, null or NaN outside what the SLP typed", (payload, name) => {
    const text = sessionNoteText(decode(payload), name);
    // Note lines carry the SLP's own words, which may be anything; every other line is ours.
    const ours = text.split("\n").filter((line) => !NOTE_LINE.test(line));
    for (const line of ours) expect(line).not.toMatch(/undefined|NaN|\bnull\b|Infinity|Invalid/);
    for (const line of text.split("\n").filter((line) => NOTE_LINE.test(line))) expect(line).not.toMatch(/^- Item NaN/);
  });

  test.prop([payloadArb], RUNS)("includes every note on every attempt, each on its own line", (payload) => {
    const detail = decode(payload);
    const text = sessionNoteText(detail, "Ada Lovelace");
    const notes = detail.challenges_in_session.flatMap((challenge) => challenge.attempts.flatMap((attempt) => attempt.notes));
    const noteLines = text.split("\n").filter((line) => NOTE_LINE.test(line));
    expect(noteLines).toHaveLength(notes.length);
    for (const note of notes) expect(noteLines.some((line) => line.endsWith(`: ${oneLine(note.note)}`) || (oneLine(note.note) === "" && line.endsWith(": ")))).toBe(true);
    if (notes.length === 0) expect(text).toContain("SLP notes: none");
  });

  test.prop([payloadArb], RUNS)("shows both accuracies, each a percentage or 'Not available'", (payload) => {
    const text = sessionNoteText(decode(payload), "Ada Lovelace");
    expect(text).toMatch(/^Accuracy before correction: (\d+(\.\d)?%|Not available)$/m);
    expect(text).toMatch(/^Accuracy after correction: (\d+(\.\d)?%|Not available) \((no attempt|1 attempt|\d+ attempts) corrected\)$/m);
  });

  test.prop([payloadArb], RUNS)("with nothing corrected, the accuracy before is the session's own figure", (payload) => {
    const detail = decode({ ...payload, challenges_in_session: payload.challenges_in_session.map((challenge) => ({ ...challenge, attempts: challenge.attempts.map((attempt) => ({ ...attempt, correction: null })) })) });
    expect(accuracyBeforeCorrection(detail)).toBe(detail.accuracy_percentage);
  });

  it("reads the naming example as an EMR note, the game's original scoring before the SLP's correction", () => {
    const example = SESSION_DETAIL_EXAMPLES.naming;
    // The first attempt was judged incorrect by the game and corrected to correct by the SLP.
    const [first, ...rest] = example.challenges_in_session;
    if (first === undefined) throw new Error("the naming example has challenges");
    const [attempt, ...others] = first.attempts;
    if (attempt === undefined) throw new Error("the naming example has attempts");
    const corrected = {
      ...attempt,
      score: 1,
      score_details: { ...attempt.score_details, is_correct: true },
      correction: {
        corrected_by: { id: 9, first_name: "Dana", last_name: "Reyes", email: "dana@example.org" },
        corrected_at: "2026-03-02T10:00:00Z",
        original: { score: 0, is_correct: false, transcription: null, correct_words: null, wrong_words: null },
      },
    };
    const challenges = [{ ...first, attempts: [corrected, ...others] }, ...rest];
    const scored = challenges.flatMap((challenge) => challenge.attempts).filter((one) => one.score !== null);
    const correctAfter = scored.filter((one) => one.score_details.is_correct === true).length;
    const after = Math.round((correctAfter / scored.length) * 1000) / 10;
    const before = Math.round(((correctAfter - 1) / scored.length) * 1000) / 10;
    const detail = decode({
      ...example,
      accuracy_percentage: after,
      review: { reviewed_by: { id: 9, first_name: "Dana", last_name: "Reyes", email: "dana@example.org" }, reviewed_at: "2026-03-02T10:05:00Z" },
      challenges_in_session: challenges,
    });
    const text = sessionNoteText(detail, "Ada Lovelace");
    expect(text).toContain("Patient: Ada Lovelace");
    expect(text).toContain("Game: Naming, ");
    expect(text).toContain(`Accuracy before correction: ${before}%`);
    expect(text).toContain(`Accuracy after correction: ${after}% (1 attempt corrected)`);
    expect(text).toMatch(/^Time spent: \d/m);
    expect(text).toContain("(Observation): Needed a phonemic cue before naming the apple.");
    expect(text).toMatch(/^Reviewed by Dana Reyes on \d\d\/\d\d\/\d{4}/m);
  });

  it("keeps a note typed over several lines on one line", () => {
    const example = SESSION_DETAIL_EXAMPLES.naming;
    const challenges = example.challenges_in_session.map((challenge) => ({
      ...challenge,
      attempts: challenge.attempts.map((attempt) => ({ ...attempt, notes: attempt.notes.map((note) => ({ ...note, note: "First line\n\nsecond line" })) })),
    }));
    const text = sessionNoteText(decode({ ...example, challenges_in_session: challenges }), "Ada Lovelace");
    expect(text).toContain(": First line second line");
  });
});
