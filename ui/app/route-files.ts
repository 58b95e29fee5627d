import { ROUTE_PRELOAD_ELEMENT_ID } from "../../domain/shared/session/session-boot.ts";

/**
 * Each signed-in route's files, as the build lists them in index.html (scripts/route-preload.mjs):
 * `files` once, `routes` as [address pattern, indexes into files, those only an address with a
 * query string asks (the arrival reads' module, which only a reload needs)] in match order.
 */
type RouteFiles = { readonly files: readonly string[]; readonly routes: readonly (readonly [string, readonly number[], (readonly number[])?])[] };

const isRouteFiles = (value: unknown): value is RouteFiles =>
  typeof value === "object" &&
  value !== null &&
  Array.isArray((value as RouteFiles).files) &&
  Array.isArray((value as RouteFiles).routes) &&
  (value as RouteFiles).routes.every((route) => Array.isArray(route) && typeof route[0] === "string" && Array.isArray(route[1]));

/** The block read once per document: null without one (npm run dev, tests) or when it cannot be read. */
const tables = new WeakMap<Document, RouteFiles | null>();
const tableOf = (doc: Document): RouteFiles | null => {
  if (!tables.has(doc)) {
    let table: RouteFiles | null = null;
    try {
      const parsed: unknown = JSON.parse(doc.getElementById(ROUTE_PRELOAD_ELEMENT_ID)?.textContent ?? "null");
      table = isRouteFiles(parsed) ? parsed : null;
    } catch {
      table = null;
    }
    tables.set(doc, table);
  }
  return tables.get(doc) ?? null;
};

/** The JavaScript files the build lists for the route at `path` (the first matching pattern), as absolute paths. */
export const routeScriptFiles = (path: string, doc: Document): readonly string[] => {
  const table = tableOf(doc);
  const route = table?.routes.find(([pattern]) => new RegExp(pattern).test(path));
  if (table === null || route === undefined) return [];
  return route[1].map((index) => table.files[index]).filter((file): file is string => typeof file === "string" && file.endsWith(".js")).map((file) => `/${file}`);
};

/**
 * Asks, in one wave, for the JavaScript of the signed-in page at `path` and of the signed-in area
 * that shows it, each file once (issue 35). The build's own loader no longer lists a lazy chunk's
 * imports (vite.config.ts, `modulePreload`): one `<link rel=modulepreload>` per file, appended in
 * the task of each `import()`, made long tasks on a slow phone's cold load (a React commit plus
 * 20 links for a section below the heading). A cold load's files are asked for by the session's
 * boot script; a move inside the app asks here, so the page's chunks still come in one wave and
 * not level by level as each runs. Style sheets are left to the build's loader, which waits for
 * them before the page shows.
 */
export const preloadRouteFiles = (path: string, doc: Document = document): void => {
  const files = routeScriptFiles(path, doc);
  if (files.length === 0) return;
  // Compared as absolute addresses: the build's loader writes them so, the page and the boot script not.
  const linked = new Set<string>();
  for (const link of doc.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")) linked.add(link.href);
  for (const script of doc.querySelectorAll<HTMLScriptElement>("script[src]")) linked.add(script.src);
  for (const file of files) {
    if (linked.has(new URL(file, doc.baseURI).href)) continue;
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    // As the boot script and the build's loader ask, so the later import() finds the response.
    link.crossOrigin = "";
    link.href = file;
    doc.head.appendChild(link);
  }
};
