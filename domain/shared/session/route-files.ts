// Each signed-in route's files, as the build lists them in index.html (scripts/route-preload.mjs,
// the block `#portal-route-preload`). Read by the server, which names the arrival route's files in
// the page it serves (server/http/route-preload-links.ts), and by the app, which asks for the next
// route's on a move inside it (ui/app/route-files.ts): one reading, so the two cannot disagree.

/** `files` once, `routes` as [address pattern, indexes into files] in match order. */
export type RouteFiles = { readonly files: readonly string[]; readonly routes: readonly (readonly [string, readonly number[]])[] };

/** Whether a parsed block has the table's shape (a damaged or foreign block is ignored, never trusted). */
export const isRouteFiles = (value: unknown): value is RouteFiles =>
  typeof value === "object" &&
  value !== null &&
  Array.isArray((value as RouteFiles).files) &&
  Array.isArray((value as RouteFiles).routes) &&
  (value as RouteFiles).routes.every((route) => Array.isArray(route) && typeof route[0] === "string" && Array.isArray(route[1]));

/** The block's text read back: null when it is missing, not JSON, or not the table. */
export const parseRouteFiles = (text: string | null | undefined): RouteFiles | null => {
  try {
    const parsed: unknown = JSON.parse(text ?? "null");
    return isRouteFiles(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

/** The index of the first route whose pattern matches `path` (a pathname, no query), or -1. */
export const routeIndexOf = (table: RouteFiles, path: string): number => table.routes.findIndex(([pattern]) => new RegExp(pattern).test(path));

/** The files (`assets/…`, relative to the site's root) of the route at `index`; none for -1. */
export const filesOfRoute = (table: RouteFiles, index: number): readonly string[] =>
  (table.routes[index]?.[1] ?? []).map((at) => table.files[at]).filter((file): file is string => typeof file === "string");
