import { DIFFICULTY_ORDER, type Difficulty, isDifficulty } from "../shared/games/difficulty.ts";
import { isPatientStatus, PATIENT_STATUS, type PatientStatus } from "../shared/statuses/patient-status.ts";
import { REVIEW_STATUS, type ReviewStatus } from "../shared/statuses/review-status.ts";
import type { GameId } from "../shared/ids.ts";
import { type QueryPairs, parseQueryString } from "../shared/wire/query-pairs.ts";
import { cursorFromAddress, cursorQueryOf } from "../shared/wire/page-cursor.ts";
import { PATIENT_ORDERING, PATIENT_PAGE_SIZE, type PatientListQuery, type PatientOrdering } from "./patients-wire.ts";

/** One game at one difficulty, as the list's game filter names it. */
export type GameLevelChoice = { readonly gameId: number; readonly difficulty: Difficulty };

/**
 * What the patients list shows: a search, the statuses, review states and game levels to keep
 * (none chosen keeps all), one sort order and a page. The address holds it (docs/ui.md), so Back,
 * a reload and a shared link show the same list.
 */
export type PatientListFilters = {
  readonly search: string;
  readonly statuses: readonly PatientStatus[];
  readonly review: readonly ReviewStatus[];
  readonly gameLevels: readonly GameLevelChoice[];
  readonly ordering: PatientOrdering;
  readonly page: number;
  /** The key cursor that leads to `page` (issue 36): Next and Previous seek rather than count rows; a page number alone still works. */
  readonly cursor?: string | undefined;
};

/** Names first, A to Z: a clinician looks a patient up by name. */
export const DEFAULT_PATIENT_ORDERING: PatientOrdering = PATIENT_ORDERING.firstNameAscending;

export const EMPTY_PATIENT_FILTERS: PatientListFilters = {
  search: "",
  statuses: [],
  review: [],
  gameLevels: [],
  ordering: DEFAULT_PATIENT_ORDERING,
  page: 1,
};

const STATUS_ORDER: readonly PatientStatus[] = [PATIENT_STATUS.active, PATIENT_STATUS.pending, PATIENT_STATUS.inactive];
const REVIEW_ORDER: readonly ReviewStatus[] = [REVIEW_STATUS.pending, REVIEW_STATUS.reviewed];
const ORDERINGS: readonly string[] = Object.values(PATIENT_ORDERING);
const isOrdering = (value: string): value is PatientOrdering => ORDERINGS.includes(value);
const isReviewStatus = (value: string): value is ReviewStatus => REVIEW_ORDER.some((status) => status === value);

// The longest search the list sends; the server bounds it too.
const MAX_SEARCH = 100;
// More than any institution assigns (8 games x 3 levels), so a crafted link cannot grow the query.
const MAX_GAME_LEVELS = 24;
const MAX_PAGE = 1_000_000;

const gameLevelKey = (level: GameLevelChoice): string => `${level.gameId}:${level.difficulty}`;

/** "3:easy" in the address: game id, colon, difficulty. */
const parseGameLevel = (text: string): GameLevelChoice | undefined => {
  const match = /^([1-9][0-9]{0,8}):([a-z]+)$/.exec(text);
  if (match === null) return undefined;
  const difficulty = match[2];
  return isDifficulty(difficulty) ? { gameId: Number(match[1]), difficulty } : undefined;
};

/** Each value once, in the list's fixed order, so one filter has one spelling. */
const inOrder = <T>(values: readonly T[], order: readonly T[]): T[] => order.filter((value) => values.includes(value));

const sortedGameLevels = (levels: readonly GameLevelChoice[]): GameLevelChoice[] => {
  const unique = new Map(levels.map((level) => [gameLevelKey(level), level]));
  return [...unique.values()]
    .sort((a, b) => a.gameId - b.gameId || DIFFICULTY_ORDER.indexOf(a.difficulty) - DIFFICULTY_ORDER.indexOf(b.difficulty))
    .slice(0, MAX_GAME_LEVELS);
};

/** The one spelling of a filter state: trimmed search, each choice once and in order, a page of at least 1. */
export const normalizeFilters = (filters: PatientListFilters): PatientListFilters => ({
  search: filters.search.trim().slice(0, MAX_SEARCH),
  statuses: inOrder(filters.statuses, STATUS_ORDER),
  review: inOrder(filters.review, REVIEW_ORDER),
  gameLevels: sortedGameLevels(filters.gameLevels),
  ordering: filters.ordering,
  page: Number.isSafeInteger(filters.page) && filters.page >= 1 ? Math.min(filters.page, MAX_PAGE) : 1,
  // Page 1 needs no cursor; a cursor never outlives a change of filters (withFilters starts at page 1).
  ...(filters.page > 1 && cursorFromAddress(filters.cursor) !== undefined ? { cursor: filters.cursor } : {}),
});

/**
 * Reads the list's state from the address query. Anything it does not understand (an unknown
 * status, a bad page, a hand-edited level) is dropped rather than refused: a stale or mangled
 * link still opens the list.
 */
export const filtersFromQuery = (query: string | QueryPairs): PatientListFilters => {
  const pairs = typeof query === "string" ? parseQueryString(query) : query;
  const all = (key: string): string[] => pairs.filter(([name]) => name === key).map(([, value]) => value);
  const first = (key: string): string => all(key)[0] ?? "";
  const ordering = first("ordering");
  const page = /^[1-9][0-9]{0,6}$/.test(first("page")) ? Number(first("page")) : 1;
  return normalizeFilters({
    search: first("search"),
    statuses: all("status").filter(isPatientStatus),
    review: all("review").filter(isReviewStatus),
    gameLevels: all("level").flatMap((text) => parseGameLevel(text) ?? []),
    ordering: isOrdering(ordering) ? ordering : DEFAULT_PATIENT_ORDERING,
    page,
    cursor: first("cursor"),
  });
};

/** The address query of a list state; what equals the default is left out, so a plain list has a plain address. */
export const queryOfFilters = (filters: PatientListFilters): QueryPairs => {
  const normal = normalizeFilters(filters);
  return [
    ...(normal.search === "" ? [] : [["search", normal.search] as const]),
    ...normal.statuses.map((status) => ["status", status] as const),
    ...normal.review.map((review) => ["review", review] as const),
    ...normal.gameLevels.map((level) => ["level", gameLevelKey(level)] as const),
    ...(normal.ordering === DEFAULT_PATIENT_ORDERING ? [] : [["ordering", normal.ordering] as const]),
    ...(normal.page > 1 ? [["page", String(normal.page)] as const] : []),
    ...(normal.cursor === undefined ? [] : [["cursor", normal.cursor] as const]),
  ];
};

/**
 * The GET patients/ query of a list state (spec section 7), as the server decodes it; the
 * endpoint's own schema (PatientListQuery) writes it into the URL: repeatable keys repeated,
 * `reviewed` as 'true'/'false', the game levels as one JSON list.
 */
export const apiQueryOfFilters = (filters: PatientListFilters, pageSize = PATIENT_PAGE_SIZE): PatientListQuery => {
  const normal = normalizeFilters(filters);
  return {
    page: normal.page,
    page_size: pageSize,
    ...cursorQueryOf(normal.cursor),
    ...(normal.search === "" ? {} : { search: normal.search }),
    status: normal.statuses,
    reviewed: normal.review.map((status) => status === REVIEW_STATUS.reviewed),
    ordering: [normal.ordering],
    ...(normal.gameLevels.length === 0
      ? {}
      : { available_game_levels: normal.gameLevels.map((level) => ({ game_id: level.gameId as GameId, difficulty_level: level.difficulty })) }),
  };
};

/** Whether anything narrows the list (the empty state then says "no patients match" rather than "no patients yet"). */
export const isFiltered = (filters: PatientListFilters): boolean =>
  filters.search.trim() !== "" || filters.statuses.length > 0 || filters.review.length > 0 || filters.gameLevels.length > 0;

/** A change of what is shown starts again from the first page; only paging keeps the page. */
export const withFilters = (current: PatientListFilters, change: Partial<Omit<PatientListFilters, "page" | "cursor">>): PatientListFilters =>
  normalizeFilters({ ...current, ...change, page: 1, cursor: undefined });

/** What the list's game filter shows: the first game the filter names, and its chosen levels (an address may name more; the first is shown). */
export const shownGameFilter = (levels: readonly GameLevelChoice[]): { readonly gameId: number; readonly difficulties: readonly Difficulty[] } | null => {
  const first = levels[0];
  if (first === undefined) return null;
  return { gameId: first.gameId, difficulties: levels.filter((level) => level.gameId === first.gameId).map((level) => level.difficulty) };
};

/** One game's filter: the chosen levels, or every level it offers when none is chosen ("any level"). */
export const gameLevelsFor = (gameId: number | null, chosen: readonly Difficulty[], offered: readonly Difficulty[]): GameLevelChoice[] =>
  gameId === null ? [] : (chosen.length === 0 ? offered : chosen).map((difficulty) => ({ gameId, difficulty }));
