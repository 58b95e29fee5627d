import * as Schema from "effect/Schema";
import type { Result } from "../../shared/result.ts";
import type { SessionDetailWire } from "../session-detail-wire.ts";
import { GAME_TYPE } from "../../shared/games/game-type.ts";
import { type AttemptColumn, audioColumn, closingColumns, durationText, numberText, textColumn } from "./attempt-columns.ts";
import { type AttemptRowBase, ROW_KIND, toBaseRow } from "./attempt-row.ts";
import { decodePart, mapAll, mapSessionOf, type RowsOfChallenge, type SessionView } from "./session-view.ts";

const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0));

/** Totals of a finished conversation; absent when the conversation was cut short. Duration in seconds. */
export const FinalStatsWire = Schema.Struct({
  ai_messages: Count,
  user_messages: Count,
  total_messages: Count,
  conversation_duration: Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)),
});

/** The recording of the AI's side of the conversation and its totals; the patient's side is response_audio_url. */
export const ChitchatAttemptData = Schema.Struct({
  ai_recording_url: Schema.NullOr(Schema.String),
  final_stats: Schema.NullOr(FinalStatsWire),
});

export type FinalStats = {
  readonly aiMessages: number;
  readonly userMessages: number;
  readonly totalMessages: number;
  readonly conversationDuration: number;
};

export type ChitchatRow = AttemptRowBase & {
  readonly kind: typeof ROW_KIND.chitchatAi;
  readonly responseAudio: string | null;
  readonly aiRecording: string | null;
  readonly finalStats: FinalStats | null;
};

const rowsOf: RowsOfChallenge<ChitchatRow> = (challenge) =>
  mapAll(challenge.attempts, (attempt) => {
    const data = decodePart(ChitchatAttemptData, attempt.attempt_data);
    if (data === undefined) return undefined;
    const stats = data.final_stats;
    return {
      ...toBaseRow(challenge, attempt),
      kind: ROW_KIND.chitchatAi,
      responseAudio: attempt.response_audio_url,
      aiRecording: data.ai_recording_url,
      finalStats:
        stats === null
          ? null
          : {
              aiMessages: stats.ai_messages,
              userMessages: stats.user_messages,
              totalMessages: stats.total_messages,
              conversationDuration: stats.conversation_duration,
            },
    };
  });

/** An AI chit-chat row shows both sides of the conversation, its message counts and duration, and the SLP notes. */
export const mapChitchatAiSession = (detail: SessionDetailWire): Result<SessionView<ChitchatRow>> =>
  mapSessionOf(GAME_TYPE.chitchatAi, rowsOf, detail);

export const CHITCHAT_AI_COLUMNS: ReadonlyArray<AttemptColumn<ChitchatRow>> = [
  audioColumn<ChitchatRow>("responseAudio", "User Response", (row) => row.responseAudio),
  audioColumn<ChitchatRow>("aiRecording", "AI response", (row) => row.aiRecording),
  textColumn<ChitchatRow>("aiMessages", "Count AI messages", (row) => numberText(row.finalStats?.aiMessages)),
  textColumn<ChitchatRow>("userMessages", "Count user messages", (row) => numberText(row.finalStats?.userMessages)),
  textColumn<ChitchatRow>("totalMessages", "Total messages", (row) => numberText(row.finalStats?.totalMessages)),
  textColumn<ChitchatRow>("conversationDuration", "Time", (row) => durationText(row.finalStats?.conversationDuration)),
  ...closingColumns<ChitchatRow>(),
];
