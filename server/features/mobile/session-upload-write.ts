import { sql } from "drizzle-orm";
import type { CheckedUpload } from "../../../domain/mobile/mobile-session-rules.ts";
import type { MobileSessionUpload } from "../../../domain/mobile/mobile-session-wire.ts";
import { type AuditEvent, auditInsertFromRow, auditValues } from "../../audit/record-audit.ts";
import type { Database } from "../../db/database.ts";
import { preparedOnce, typedPlaceholder } from "../../db/prepared.ts";
import { LAST_USED_RESOLUTION_MS } from "./device-store.ts";
import type { LiveAssignment, ReceiptJson } from "./session-upload-store.ts";

/**
 * One uploaded session written in one statement (issue 36, "one arriving session <= 10 ms"): the
 * claim of its client id, the session, its challenges and attempts, the receipt's answer and the
 * audit row, as data-modifying WITHs. It used to be a transaction of seven statements (begin,
 * claim, session, challenges, attempts, receipt, audit, commit), each a round trip and a drizzle
 * build; one prepared statement commits all or nothing just the same.
 *
 * The claim comes first in meaning: the session's id is drawn from its sequence, and the receipt
 * row is inserted with it and its answer (`ON CONFLICT DO NOTHING` on the receipts' key). Every
 * other part reads the claim's row, so when the client id is already taken (an earlier upload,
 * or a concurrent one: PostgreSQL makes the second wait on the key until the first commits) the
 * statement writes nothing and answers no row. The session is inserted with the id the receipt
 * names (OVERRIDING SYSTEM VALUE); the foreign keys are checked at the end of the statement, when
 * both exist. A drawn id that a taken claim never uses is a gap in the sequence, as a rolled-back
 * insert leaves. The counters' and the detail version's triggers run at the end of the statement,
 * in its transaction, as they did at the end of each insert.
 *
 * The device's last use is stamped here too (at most once a minute, as touchDevice), so an arrival
 * commits once: as its own statement it was a round trip and a commit (a WAL flush) more on nearly
 * every real arrival, a patient's device being used a few times a day. It does not depend on the
 * claim: a repeat is a use of the device too.
 *
 * Challenges and attempts arrive as JSON arrays (one placeholder each, so the statement's text is
 * fixed and prepared once), inserted in the order given (WITH ORDINALITY): ids grow in the
 * session's order as before. Each attempt names its challenge by position.
 */


const uploadWrite = preparedOnce((db) => {
  const cte = (name: string, body: ReturnType<typeof sql>) => db.$with(name, { id: sql<number>`id` }).as(body);
  const drawn = cte("drawn", sql`select nextval(pg_get_serial_sequence('game_sessions', 'id'))::int as id`);
  const claim = cte(
    "claim",
    sql`insert into mobile_session_receipts (patient_id, client_session_id, device_id, received_at, session_id, answer)
      select ${typedPlaceholder("patientId", "int")}, ${typedPlaceholder("clientSessionId", "uuid")}, ${typedPlaceholder("deviceId", "int")}, ${typedPlaceholder("now", "timestamptz")},
        drawn.id, ${typedPlaceholder("answer", "jsonb")} || jsonb_build_object('id', drawn.id)
      from drawn
      on conflict do nothing
      returning session_id as id`,
  );
  const session = cte(
    "session",
    sql`insert into game_sessions (id, patient_game_level_id, patient_id, game_id, difficulty, start_time, end_time, is_active,
        duration_seconds, total_score, accuracy_percentage, metrics, reviewed, created_at)
      overriding system value
      select claim.id, ${typedPlaceholder("levelId", "int")}, ${typedPlaceholder("patientId", "int")}, ${typedPlaceholder("gameId", "int")}, ${typedPlaceholder("difficulty", "text")},
        ${typedPlaceholder("start", "timestamptz")}, ${typedPlaceholder("end", "timestamptz")}, false, ${typedPlaceholder("duration", "real")}, ${typedPlaceholder("totalScore", "real")},
        ${typedPlaceholder("accuracy", "real")}, ${typedPlaceholder("metrics", "jsonb")}, false, ${typedPlaceholder("now", "timestamptz")}
      from claim
      returning id`,
  );
  const challenges = cte(
    "challenges",
    sql`insert into game_challenges (session_id, position, content)
      select session.id, c.position, c.content
      from session, rows from (jsonb_to_recordset(${typedPlaceholder("challenges", "jsonb")}) as (position int, content jsonb)) with ordinality as c(position, content, n)
      order by c.n
      returning id, position`,
  );
  const attempts = cte(
    "attempts",
    sql`insert into game_attempts (session_id, challenge_id, attempt_number, is_editable, score, is_correct, transcription, ai_feedback,
        hints_used, time_seconds, response_audio_url, attempt_data, created_at)
      select session.id, challenges.id, a.attempt_number, a.is_editable, a.score, a.is_correct, a.transcription, a.ai_feedback,
        a.hints_used, a.time_seconds, a.response_audio_url, a.attempt_data, a.created_at
      from session
        cross join rows from (jsonb_to_recordset(${typedPlaceholder("attempts", "jsonb")}) as (position int, attempt_number int, is_editable boolean,
          score real, is_correct boolean, transcription text, ai_feedback text, hints_used int, time_seconds real,
          response_audio_url text, attempt_data jsonb, created_at timestamptz)) with ordinality as a(position, attempt_number, is_editable,
          score, is_correct, transcription, ai_feedback, hints_used, time_seconds, response_audio_url, attempt_data, created_at, n)
        join challenges on challenges.position = a.position
      order by a.n
      returning 1 as id`,
  );
  const audit = cte("audit", auditInsertFromRow(sql`session`, sql`session.id::text`));
  const stamped = cte(
    "stamped",
    sql`update patient_devices set last_used_at = ${typedPlaceholder("now", "timestamptz")}
      where id = ${typedPlaceholder("deviceId", "int")} and (last_used_at is null or last_used_at <= ${typedPlaceholder("stampedBefore", "timestamptz")})
      returning id`,
  );
  return db
    .with(drawn, claim, session, challenges, attempts, audit, stamped)
    .select({ id: sql<number>`session.id` })
    .from(session)
    .prepare("mobile_upload_write");
});

export type UploadWrite = {
  readonly patientId: number;
  readonly deviceId: number;
  readonly assignment: LiveAssignment;
  readonly body: MobileSessionUpload;
  readonly checked: CheckedUpload;
  readonly now: Date;
  /** The route's audit row for the write; its resource id is the new session's, filled in by the statement. */
  readonly audit: AuditEvent;
};

/** What a write did: stored the session (the claimer), or found the client id already claimed (a concurrent or earlier upload). */
export type UploadWritten = { readonly claimed: true; readonly receipt: ReceiptJson } | { readonly claimed: false };

/** Writes one uploaded session, its receipt and its audit row, and stamps the device's use, in one statement (above); no session when the client id is taken. */
export const writeUpload = async (db: Database, write: UploadWrite): Promise<UploadWritten> => {
  const { body, checked, assignment, now } = write;
  // What the rules answered (content as its game reads it, texts stripped), not the body as sent.
  const attempts = checked.challenges.flatMap((challenge) =>
    challenge.attempts.map((attempt) => ({
      position: challenge.order,
      attempt_number: attempt.attempt_number,
      is_editable: attempt.is_editable ?? true,
      score: attempt.score,
      is_correct: attempt.score_details.is_correct,
      transcription: attempt.score_details.transcription,
      ai_feedback: attempt.score_details.ai_feedback,
      hints_used: attempt.hints_used,
      time_seconds: attempt.time_seconds,
      response_audio_url: attempt.response_audio_url,
      attempt_data: attempt.attempt_data,
      created_at: new Date(attempt.created_at).toISOString(),
    })),
  );
  // The answer without its id, in the schema's key order; the statement adds the id it draws.
  const { id: _id, ...answer } = receiptOf(write, 0, attempts.length);
  const [row] = await uploadWrite(db).execute({
    patientId: write.patientId,
    clientSessionId: body.client_session_id,
    deviceId: write.deviceId,
    now: now.toISOString(),
    stampedBefore: new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString(),
    answer: JSON.stringify(answer),
    levelId: assignment.levelId,
    gameId: assignment.gameId,
    difficulty: assignment.difficulty,
    start: checked.start.toISOString(),
    end: checked.end.toISOString(),
    duration: checked.durationSeconds,
    totalScore: checked.totalScore,
    accuracy: checked.accuracyPercentage,
    metrics: JSON.stringify(checked.metrics),
    challenges: JSON.stringify(checked.challenges.map((challenge) => ({ position: challenge.order, content: challenge.content }))),
    attempts: JSON.stringify(attempts),
    ...auditValues(write.audit),
  });
  if (row === undefined) return { claimed: false };
  return { claimed: true, receipt: receiptOf(write, Number(row.id), attempts.length) };
};

/** The upload's first answer (MobileSessionReceipt's wire form, in its key order). */
const receiptOf = (write: UploadWrite, id: number, attemptsCount: number): ReceiptJson => ({
  id,
  client_session_id: write.body.client_session_id.toLowerCase(),
  patient_id: write.patientId,
  patient_game_level_id: write.assignment.levelId,
  game_id: write.assignment.gameId,
  difficulty: write.assignment.difficulty,
  start_time: write.checked.start.toISOString(),
  end_time: write.checked.end.toISOString(),
  total_session_duration: write.checked.durationSeconds,
  total_score: write.checked.totalScore,
  accuracy_percentage: write.checked.accuracyPercentage,
  game_metrics: write.checked.metrics,
  challenges_count: write.checked.challenges.length,
  attempts_count: attemptsCount,
  received_at: write.now.toISOString(),
});
