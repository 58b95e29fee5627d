import * as Schema from "effect/Schema";
import type { GameType } from "../shared/games/game-type.ts";
import type { AttemptRowKind } from "./attempt-mapping/attempt-row.ts";
import { type AttemptRow, mapSessionDetail } from "./attempt-mapping/map-session-detail.ts";
import { SESSION_DETAIL_EXAMPLES } from "./attempt-mapping/session-detail-examples.fixtures.ts";
import { SessionDetailWire } from "./session-detail-wire.ts";

/** The attempt rows of one game's example session, mapped as the session page maps them. */
export const exampleRows = (type: GameType): readonly AttemptRow[] => {
  const result = mapSessionDetail(Schema.decodeUnknownSync(SessionDetailWire)(SESSION_DETAIL_EXAMPLES[type]));
  if (!result.ok) throw new Error(result.message);
  return result.value.challenges;
};

/** One row of a game's example session, by attempt id, with the kind of row a test relies on. */
export const exampleRow = <K extends AttemptRowKind>(type: GameType, attemptId: number, kind: K): Extract<AttemptRow, { kind: K }> => {
  const isWanted = (row: AttemptRow): row is Extract<AttemptRow, { kind: K }> => row.id === attemptId && row.kind === kind;
  const row = exampleRows(type).find(isWanted);
  if (row === undefined) throw new Error(`no ${kind} attempt ${attemptId} in the ${type} example`);
  return row;
};
