import * as Schema from "effect/Schema";
import { GameSessionId } from "../shared/ids.ts";
import { DifficultySchema } from "../shared/games/difficulty.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import { Paged } from "../shared/wire/paged.ts";

/** Sessions of one exercise level are listed ten to a page (spec section 9). */
export const SESSION_LIST_PAGE_SIZE = 10;

/** One played session as GET /game-sessions-list/ lists it; duration in seconds, accuracy in percent. */
export const SessionListItemWire = Schema.Struct({
  id: GameSessionId,
  start_time: IsoDateTime,
  duration: Schema.NullOr(Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0))),
  current_level: DifficultySchema,
  assigned_at: Schema.NullOr(IsoDateTime),
  accuracy_percentage: Schema.NullOr(Schema.Finite),
  reviewed: Schema.Boolean,
  // Added by this portal's server (docs/session-review-api.md): the session's points, for the
  // overview's score tile (spec section 9); absent from servers that do not send it.
  total_score: Schema.optionalKey(Schema.NullOr(Schema.Finite)),
});
export type SessionListItemWire = typeof SessionListItemWire.Type;

/** GET /game-sessions-list/?game_level_id=…&page_size=10&page=N. */
export const SessionListPageWire = Paged(SessionListItemWire);
export type SessionListPageWire = typeof SessionListPageWire.Type;

/** Another page of sessions can be loaded while the current page is below the total. */
export const hasNextSessionPage = (page: Pick<SessionListPageWire, "current_page" | "total_pages">): boolean =>
  page.current_page < page.total_pages;
