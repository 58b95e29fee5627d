import * as Schema from "effect/Schema";
import { describe, expect, test } from "vitest";
import { SessionDetailWire } from "../session-detail-wire.ts";
import { attemptColumnHeaders } from "./attempt-table.ts";
import { SESSION_DETAIL_EXAMPLES } from "./session-detail-examples.fixtures.ts";
import { AI_FEEDBACK_FALLBACK, mapSocialSituationsSession } from "./social-situations.ts";

const example = SESSION_DETAIL_EXAMPLES.social_situations;
const mapped = (input: unknown) => {
  const result = mapSocialSituationsSession(Schema.decodeUnknownSync(SessionDetailWire)(input));
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

describe("social situations session", () => {
  test("above easy level a row shows the spoken answer, the AI feedback, the recording and the time", () => {
    const view = mapped(example);
    expect(view.challenges[0]).toEqual(expect.objectContaining({
      kind: "social_situations_open",
      situation: "Your neighbour waves at you from across the street.",
      question: "What would you say?",
      expectedBehavior: "Greet the neighbour and ask how they are.",
      transcription: "Hi! How are you today?",
      aiFeedback: "Friendly greeting with a follow-up question; well suited.",
      recording: "https://cdn.example.org/audio/5301.m4a",
      timeSeconds: 14.2,
    }));
  });

  test("missing AI feedback reads 'No available'", () => {
    const view = mapped(example);
    expect(view.challenges[1]).toMatchObject({ aiFeedback: AI_FEEDBACK_FALLBACK });
    expect(AI_FEEDBACK_FALLBACK).toBe("No available");
  });

  test("at easy level a row shows the prompt, the chosen option and the attempt", () => {
    const easy = {
      ...example,
      difficulty: "easy",
      challenges_in_session: example.challenges_in_session.map((challenge) => ({
        ...challenge,
        content: { ...challenge.content, options: ["Wave back and say hello", "Look away"] },
        attempts: challenge.attempts.map((attempt) => ({ ...attempt, attempt_data: { selected_option: "Wave back and say hello" } })),
      })),
    };
    const view = mapped(easy);
    expect(view.challenges[0]).toMatchObject({
      kind: "social_situations_easy",
      prompt: "Your neighbour waves at you from across the street.",
      answer: "Wave back and say hello",
      attempts: 1,
    });
  });

  test("each level has its own table", () => {
    expect(attemptColumnHeaders("social_situations_easy").map((column) => column.label)).toEqual([
      "Prompt", "Answer", "Attempts", "Score", "Result", "SLP Notes", "Actions",
    ]);
    expect(attemptColumnHeaders("social_situations_open").map((column) => column.label)).toEqual([
      "Situation", "Question", "Expected Behavior", "Transcription", "AI feedback", "Response audio", "Time",
      "Score", "Result", "SLP Notes", "Actions",
    ]);
  });
});
