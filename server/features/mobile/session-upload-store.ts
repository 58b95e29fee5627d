import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { AssignmentChoice } from "../../../domain/mobile/mobile-session-rules.ts";
import { MobileSessionReceipt } from "../../../domain/mobile/mobile-session-wire.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import type { Database } from "../../db/database.ts";
import { preparedPerShape, typedPlaceholder } from "../../db/prepared.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { mobileSessionReceipts } from "../../db/schema/devices.ts";
import { games } from "../../db/schema/games.ts";

/** The upload's answer as sent (MobileSessionReceipt's wire form). */
export type ReceiptJson = typeof MobileSessionReceipt.Encoded;

/** The first answer to this patient's session of that client id, if the server has it. */
export const findReceipt = async (db: Database, patientId: number, clientSessionId: string): Promise<ReceiptJson | undefined> => {
  const [row] = await db
    .select({ answer: mobileSessionReceipts.answer })
    .from(mobileSessionReceipts)
    .where(and(eq(mobileSessionReceipts.patientId, patientId), eq(mobileSessionReceipts.clientSessionId, clientSessionId), isNotNull(mobileSessionReceipts.answer)))
    .limit(1);
  return row?.answer === null || row?.answer === undefined ? undefined : inAnswerOrder(row.answer);
};

const ANSWER_KEYS = Object.keys(MobileSessionReceipt.fields);

/** jsonb keeps keys in its own order; the repeat's body must be the first answer's bytes, so the keys go back in the schema's order. */
const inAnswerOrder = (stored: { readonly [key: string]: unknown }): ReceiptJson =>
  Object.fromEntries(ANSWER_KEYS.filter((key) => key in stored).map((key) => [key, stored[key]])) as ReceiptJson;

/** A live assignment of the patient, with its game's type. */
export type LiveAssignment = { readonly levelId: number; readonly gameId: number; readonly difficulty: Difficulty; readonly gameType: string };


// The upload's two reads in one statement, one per way of naming the assignment (issue 36: an
// arrival's round trips): the first answer to its client id, if any, and the live assignment.
const receiptAndAssignment = preparedPerShape((db, kind: AssignmentChoice["kind"]) => {
  const named =
    kind === "level"
      ? eq(patientGameLevels.id, typedPlaceholder("levelId", "int"))
      : and(eq(patientGameLevels.gameId, typedPlaceholder("gameId", "int")), eq(patientGameLevels.difficulty, typedPlaceholder("difficulty", "text")));
  const assignment = db
    .select({ levelId: patientGameLevels.id, gameId: patientGameLevels.gameId, difficulty: patientGameLevels.difficulty, gameType: games.type })
    .from(patientGameLevels)
    .innerJoin(games, eq(games.id, patientGameLevels.gameId))
    .where(and(named, eq(patientGameLevels.patientId, typedPlaceholder("patientId", "int")), eq(patientGameLevels.isActive, true)))
    .limit(1)
    .as("assignment");
  return db
    .select({
      answer: sql<{ readonly [key: string]: unknown } | null>`(select r.answer from mobile_session_receipts r
        where r.patient_id = ${typedPlaceholder("patientId", "int")} and r.client_session_id = ${typedPlaceholder("clientSessionId", "uuid")} and r.answer is not null)`,
      levelId: assignment.levelId,
      gameId: assignment.gameId,
      difficulty: assignment.difficulty,
      gameType: assignment.gameType,
    })
    .from(sql`(select 1) as one`)
    .leftJoinLateral(assignment, sql`true`)
    .prepare(`mobile_upload_reads_${kind}`);
});

/** The first answer to this client id, if the server has it, and the live assignment the upload names (undefined when none), read at once. */
export const findReceiptAndAssignment = async (
  db: Database,
  patientId: number,
  clientSessionId: string,
  choice: AssignmentChoice,
): Promise<{ readonly receipt: ReceiptJson | undefined; readonly assignment: LiveAssignment | undefined }> => {
  const named = choice.kind === "level" ? { levelId: choice.levelId } : { gameId: choice.gameId, difficulty: choice.difficulty };
  const [row] = await receiptAndAssignment(db, choice.kind).execute({ patientId, clientSessionId, ...named });
  const receipt = row?.answer === null || row?.answer === undefined ? undefined : inAnswerOrder(row.answer);
  const assignment =
    row?.levelId === null || row?.levelId === undefined || row.gameId === null || row.difficulty === null || row.gameType === null
      ? undefined
      : { levelId: row.levelId, gameId: row.gameId, difficulty: row.difficulty, gameType: row.gameType };
  return { receipt, assignment };
};
