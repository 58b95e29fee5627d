import type { InstitutionListQuery } from "../../../domain/institutions/index.ts";

// Apart from the hooks, so the route's breadcrumb reads an institution's name without loading the pages.
/** Cache keys of the institutions feature; every list and record sits under "institutions" so a write refreshes them together. */
export const institutionsKeys = {
  all: ["institutions"] as const,
  lists: ["institutions", "list"] as const,
  list: (query: InstitutionListQuery) => ["institutions", "list", query.search ?? "", query.page, query.page_size] as const,
  /** The administrators' create form reads the same record (its allowed domains) under this key. */
  detail: (id: number) => ["institutions", "detail", id] as const,
  catalogue: ["institutions", "game-catalogue"] as const,
  /** The exercises feature's cache of the games an institution offers: refreshed when they change here. */
  offeredGames: (id: number) => ["exercises", "institution", id, "games"] as const,
};
