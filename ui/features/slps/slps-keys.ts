// Apart from the hooks, so the route's breadcrumb reads an SLP's name without loading the pages.
/** Cache keys of the SLPs feature; every list and record sits under "staff" (with the patient form's SLP options), so a write refreshes them together. */
export const slpsKeys = {
  all: ["staff"] as const,
  list: (page: number, search: string, cursor?: string) => ["staff", "list", page, search, cursor ?? ""] as const,
  detail: (id: number) => ["staff", "detail", id] as const,
  successors: (id: number) => ["staff", "successors", id] as const,
};
