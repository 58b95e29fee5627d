import * as Schema from "effect/Schema";
import * as SchemaResult from "effect/Result";
import { invalidGameSessionMessage } from "../../shared/error-catalogue.ts";
import type { GameSessionId } from "../../shared/ids.ts";
import { fail, type Result, succeed } from "../../shared/result.ts";
import type { ChallengeWire, SessionDetailWire } from "../session-detail-wire.ts";
import { DIFFICULTY, type Difficulty } from "../../shared/games/difficulty.ts";
import { GAME_TYPE, type GameType, gameTypeName } from "../../shared/games/game-type.ts";
import { type SessionStatistics, toSessionStatistics } from "./session-statistics.ts";

/** A reviewed session: its header, stat tiles and the attempt rows of every challenge in play order. */
export type SessionView<Row> = {
  readonly id: GameSessionId;
  readonly startTime: string;
  readonly gameType: GameType;
  readonly gameName: string;
  readonly difficulty: Difficulty;
  readonly isActive: boolean;
  readonly statistics: SessionStatistics;
  /** Attempt rows of all challenges, flattened; rows of one challenge share a groupIdentifier. */
  readonly challenges: ReadonlyArray<Row>;
};

/** Pill sorting and AI chit-chat have a single level, so their sessions always read easy whatever the server says. */
export const effectiveDifficulty = (gameType: GameType, sent: Difficulty): Difficulty =>
  gameType === GAME_TYPE.pillSorting || gameType === GAME_TYPE.chitchatAi ? DIFFICULTY.easy : sent;

/** A game-specific part that does not match its game's shape is read as missing, never thrown. */
export const decodePart = <S extends Schema.ConstraintDecoder<unknown>>(schema: S, input: unknown): S["Type"] | undefined => {
  const decoded = Schema.decodeUnknownResult(schema)(input);
  return SchemaResult.isSuccess(decoded) ? decoded.success : undefined;
};

/** Every item must map for the whole list to count; one unreadable item spoils the list. */
export const mapAll = <A, B>(items: ReadonlyArray<A>, map: (item: A) => B | undefined): ReadonlyArray<B> | undefined => {
  const mapped: B[] = [];
  for (const item of items) {
    const value = map(item);
    if (value === undefined) return undefined;
    mapped.push(value);
  }
  return mapped;
};

export type RowsOfChallenge<Row> = (
  challenge: ChallengeWire,
  session: { readonly difficulty: Difficulty },
) => ReadonlyArray<Row> | undefined;

/** A session opens in a game's view only if it is that game's session and every challenge has that game's shape. */
export const mapSessionOf = <Row>(
  gameType: GameType,
  rowsOf: RowsOfChallenge<Row>,
  detail: SessionDetailWire,
): Result<SessionView<Row>> => {
  const invalid = fail("ERROR_001", invalidGameSessionMessage(gameTypeName(gameType)));
  if (detail.game_info.type !== gameType) return invalid;
  const difficulty = effectiveDifficulty(gameType, detail.difficulty);
  const ordered = [...detail.challenges_in_session].sort((a, b) => a.order - b.order);
  const rows = mapAll(ordered, (challenge) => rowsOf(challenge, { difficulty }));
  if (rows === undefined) return invalid;
  return succeed({
    id: detail.id,
    startTime: detail.start_time,
    gameType,
    gameName: detail.game_info.name,
    difficulty,
    isActive: detail.is_active,
    statistics: toSessionStatistics(detail, gameType),
    challenges: rows.flat(),
  });
};
