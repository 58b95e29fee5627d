import type { SessionDetailJson } from "../session-review/index.ts";
import type { MobileSessionUpload } from "./mobile-session-wire.ts";

/** The wire form of an upload (what the app sends). */
export type MobileSessionUploadJson = typeof MobileSessionUpload.Encoded;

/**
 * The body the app would send for a session the detail shows: the same challenges and attempts
 * without what only the server has (ids, notes, corrections, versions, figures), challenges
 * numbered 1.. in play order. Used to write the replay fixtures (one per game type, from the
 * documented examples) and by the property tests; the app builds its body the same way from
 * what it played. Given a `startTime`, the session is moved there whole: each attempt keeps its
 * time into the session, as the rule of attempt times asks (docs/mobile-api.md).
 */
export const uploadFromDetail = (
  detail: SessionDetailJson,
  upload: { readonly clientSessionId: string; readonly levelId: number; readonly endTime: string; readonly startTime?: string },
): MobileSessionUploadJson => {
  const startTime = upload.startTime ?? detail.start_time;
  const shift = new Date(startTime).getTime() - new Date(detail.start_time).getTime();
  const moved = (createdAt: string): string => (shift === 0 ? createdAt : new Date(new Date(createdAt).getTime() + shift).toISOString());
  return {
    client_session_id: upload.clientSessionId,
    patient_game_level_id: upload.levelId,
    start_time: startTime,
    end_time: upload.endTime,
    challenges_in_session: [...detail.challenges_in_session]
      .sort((a, b) => a.order - b.order)
      .map((challenge, index) => ({
        order: index + 1,
        content: challenge.content,
        attempts: challenge.attempts.map((attempt) => ({
          attempt_number: attempt.attempt_number,
          is_editable: attempt.is_editable,
          score: attempt.score,
          score_details: attempt.score_details,
          hints_used: attempt.hints_used,
          time_seconds: attempt.time_seconds,
          response_audio_url: attempt.response_audio_url,
          attempt_data: attempt.attempt_data,
          created_at: moved(attempt.created_at),
        })),
      })),
  };
};
