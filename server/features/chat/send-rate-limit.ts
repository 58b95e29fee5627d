import { CHAT_LIMITS } from "../../../domain/chat/chat-limits.ts";
import type { Database } from "../../db/database.ts";
import { type ApiFailure } from "../../http/api-failure.ts";
import { failures } from "../../http/failures.ts";
import { incrementCounter } from "../../http/rate-limit.ts";
import type { ChatReader } from "./thread-scope.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The sender's limits (issue 34): 20 messages a minute and 300 a day, counted per person (a
 * member of staff by user, a patient by patient, whatever device) on the shared fixed-window
 * counters of server/http/rate-limit.ts, so they hold across API processes. Answers the 429 to
 * send, or null. Only new messages count: a retry of a stored client id is answered before.
 */
export const sendLimitReached = async (db: Database, sender: ChatReader, now: Date): Promise<ApiFailure | null> => {
  const who = sender.kind === "staff" ? `u${sender.userId}` : `p${sender.patientId}`;
  const minute = await incrementCounter(db, `chat-send-minute:${who}`, MINUTE, now);
  if (minute.current > CHAT_LIMITS.perMinute) return failures.rateLimited(Math.max(1, Math.ceil(minute.ttl / 1000)));
  const day = await incrementCounter(db, `chat-send-day:${who}`, DAY, now);
  if (day.current > CHAT_LIMITS.perDay) return failures.rateLimited(Math.max(1, Math.ceil(day.ttl / 1000)));
  return null;
};
