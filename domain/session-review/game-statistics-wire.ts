import * as Schema from "effect/Schema";
import { GameId } from "../shared/ids.ts";
import { type Trend, trendOf } from "../shared/format/percentage.ts";
import { roundToOneDecimal } from "../shared/format/round.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";

/** GET /game-sessions-statistics/?game_level_id=…: how a patient has played one exercise level. */
export const GameStatisticsWire = Schema.Struct({
  last_session_start_time: Schema.NullOr(IsoDateTime),
  time_this_week_seconds: Schema.NullOr(Schema.Finite),
  total_time_seconds: Schema.NullOr(Schema.Finite),
  game_details: Schema.Struct({
    id: GameId,
    name: Schema.optionalKey(Schema.NullOr(Schema.String)),
  }),
  percentage_change_this_week: Schema.NullOr(Schema.Finite),
});
export type GameStatisticsWire = typeof GameStatisticsWire.Type;

export const UNKNOWN_GAME_NAME = "Unknown";

export type GameStatistics = {
  readonly lastSessionStartTime: string | null;
  readonly timeThisWeekSeconds: number | null;
  readonly totalTimeSeconds: number | null;
  readonly game: { readonly id: GameId; readonly name: string };
  readonly percentageChangeThisWeek: number | null;
  readonly trend: Trend;
};

const rounded = (value: number | null): number | null => (value === null ? null : roundToOneDecimal(value));

/** A level's statistics are rounded to one decimal, an unnamed game reads 'Unknown', and this week's change gives the trend. */
export const toGameStatistics = (wire: GameStatisticsWire): GameStatistics => {
  const name = wire.game_details.name?.trim() ?? "";
  return {
    lastSessionStartTime: wire.last_session_start_time,
    timeThisWeekSeconds: rounded(wire.time_this_week_seconds),
    totalTimeSeconds: rounded(wire.total_time_seconds),
    game: { id: wire.game_details.id, name: name === "" ? UNKNOWN_GAME_NAME : name },
    percentageChangeThisWeek: rounded(wire.percentage_change_this_week),
    trend: trendOf(wire.percentage_change_this_week),
  };
};
