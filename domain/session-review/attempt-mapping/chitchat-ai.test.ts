import * as Schema from "effect/Schema";
import { describe, expect, test } from "vitest";
import { SessionDetailWire } from "../session-detail-wire.ts";
import { attemptCells, attemptColumnHeaders } from "./attempt-table.ts";
import { mapChitchatAiSession } from "./chitchat-ai.ts";
import { SESSION_DETAIL_EXAMPLES } from "./session-detail-examples.fixtures.ts";

const example = SESSION_DETAIL_EXAMPLES.chitchat_ai;
const mapped = (input: unknown) => {
  const result = mapChitchatAiSession(Schema.decodeUnknownSync(SessionDetailWire)(input));
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

describe("AI chit-chat session", () => {
  test("AI chit-chat always reads easy, whatever level the server sent", () => {
    expect(mapped({ ...example, difficulty: "medium" }).difficulty).toBe("easy");
  });

  test("a row carries both recordings, the final stats and the SLP notes", () => {
    const row = mapped(example).challenges[0];
    expect(row).toMatchObject({
      kind: "chitchat_ai",
      responseAudio: "https://cdn.example.org/audio/5601-user.m4a",
      aiRecording: "https://cdn.example.org/audio/5601-ai.m4a",
      finalStats: { aiMessages: 6, userMessages: 5, totalMessages: 11, conversationDuration: 312.4 },
    });
    expect(row?.notes[0]?.lastEditedBy).toMatchObject({ firstName: "Sam", lastName: "Okafor" });
  });

  test("a conversation cut short has no final stats and reads 'Not available'", () => {
    const challenge = example.challenges_in_session[0];
    if (challenge === undefined) throw new Error("missing challenge");
    const cut = {
      ...example,
      challenges_in_session: [{
        ...challenge,
        attempts: challenge.attempts.map((attempt) => ({ ...attempt, attempt_data: { ai_recording_url: null, final_stats: null } })),
      }],
    };
    const row = mapped(cut).challenges[0];
    if (row === undefined) throw new Error("missing row");
    expect(row.finalStats).toBeNull();
    expect(attemptCells(row)[2]).toEqual({ display: "text", text: "Not available" });
  });

  test("the table reads both recordings, the counts and the duration, then the closing columns", () => {
    expect(attemptColumnHeaders("chitchat_ai").map((column) => column.label)).toEqual([
      "User Response", "AI response", "Count AI messages", "Count user messages", "Total messages", "Time",
      "Score", "Result", "SLP Notes", "Actions",
    ]);
  });
});
