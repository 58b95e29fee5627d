import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { DEV_API_KEY } from "./outbox.ts";

/**
 * The offset ("-05:00", "+00:00") of `zone` at `instant`, from the runtime's own zone data, so a
 * moment can be written on the wire as the institution's wall-clock time.
 */
export function offsetIn(zone: string, instant: Date): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  return /^GMT([+-]\d{2}:\d{2})$/.exec(name ?? "")?.[1] ?? "+00:00";
}

/**
 * `HH:MM:SS` on `day` (YYYY-MM-DD) in `zone`, as ISO-8601 with that day's offset there. The offset
 * is read at the guessed instant and read again at the instant it gives, so a daylight-saving change
 * earlier that day is taken into account.
 */
export function wallClockIn(zone: string, day: string, time: string): string {
  const guess = offsetIn(zone, new Date(`${day}T${time}Z`));
  return `${day}T${time}${offsetIn(zone, new Date(`${day}T${time}${guess}`))}`;
}

/**
 * The body the patients' app sends for one naming session played at midday (institution time) on
 * `day`: ten minutes, one picture named right at the first try (docs/mobile-api.md, the body).
 */
export function namingSessionOn(zone: string, day: string, levelId: number, clientSessionId: string = randomUUID()) {
  return {
    client_session_id: clientSessionId,
    patient_game_level_id: levelId,
    start_time: wallClockIn(zone, day, "12:00:00"),
    end_time: wallClockIn(zone, day, "12:10:00"),
    challenges_in_session: [
      {
        order: 1,
        content: { object_name: "apple", image_url: "https://cdn.example.org/naming/apple.png" },
        attempts: [
          {
            attempt_number: 1,
            is_editable: true,
            score: 1,
            score_details: { is_correct: true, transcription: "apple", ai_feedback: null },
            hints_used: 0,
            time_seconds: 4.5,
            response_audio_url: "https://cdn.example.org/audio/rtm-apple.m4a",
            attempt_data: {},
            created_at: wallClockIn(zone, day, "12:00:30"),
          },
        ],
      },
    ],
  };
}

/** The patients' app's call (POST /api/mobile/game-sessions/) with the device token. */
export const sendSession = (request: APIRequestContext, token: string, body: unknown) =>
  request.post("/api/mobile/game-sessions/", { headers: { "x-api-key": DEV_API_KEY, authorization: `Device ${token}` }, data: body });
