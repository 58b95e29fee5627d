import type { AdministratorListQuery } from "../../../domain/administrators/administrators-wire.ts";

// Apart from the hooks, so the route's breadcrumb reads an administrator's name without loading the pages.
/** Cache keys of the administrators feature; every list and record sits under "administrators" so a write refreshes them together. */
export const administratorsKeys = {
  all: ["administrators"] as const,
  lists: ["administrators", "list"] as const,
  list: (query: AdministratorListQuery) => ["administrators", "list", query.institution ?? null, query.search ?? "", query.page, query.page_size] as const,
  detail: (id: number) => ["administrators", "detail", id] as const,
  /**
   * The institution a new administrator joins (its allowed domains), under the institutions
   * feature's own key for the record, so an institution's page and this form share one read.
   */
  institution: (id: number) => ["institutions", "detail", id] as const,
  institutionOptions: (search: string) => ["institutions", "options", search.trim()] as const,
};
