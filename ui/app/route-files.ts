import { filesOfRoute, parseRouteFiles, routeIndexOf, type RouteFiles } from "../../domain/shared/session/route-files.ts";
import { ROUTE_PRELOAD_ELEMENT_ID } from "../../domain/shared/session/session-boot.ts";

/** The block read once per document: null without one (npm run dev, tests) or when it cannot be read. */
const tables = new WeakMap<Document, RouteFiles | null>();
const tableOf = (doc: Document): RouteFiles | null => {
  if (!tables.has(doc)) tables.set(doc, parseRouteFiles(doc.getElementById(ROUTE_PRELOAD_ELEMENT_ID)?.textContent));
  return tables.get(doc) ?? null;
};

/** The JavaScript files the build lists for the route at `path` (the first matching pattern), as absolute paths. */
export const routeScriptFiles = (path: string, doc: Document): readonly string[] => {
  const table = tableOf(doc);
  if (table === null) return [];
  return filesOfRoute(table, routeIndexOf(table, path))
    .filter((file) => file.endsWith(".js"))
    .map((file) => `/${file}`);
};

/**
 * Asks, in one wave, for the JavaScript of the signed-in page at `path` and of the signed-in area
 * that shows it, each file once (issue 35). The build's own loader no longer lists a lazy chunk's
 * imports (vite.config.ts, `modulePreload`): one `<link rel=modulepreload>` per file, appended in
 * the task of each `import()`, made long tasks on a slow phone's cold load (a React commit plus
 * 20 links for a section below the heading). A cold load's files are named in the page the server
 * sent (server/http/route-preload-links.ts), so they are in the document already and skipped here;
 * a move inside the app asks here, so the page's chunks still come in one wave and not level by
 * level as each runs. Style sheets are left to the build's loader, which waits for them before the
 * page shows.
 */
export const preloadRouteFiles = (path: string, doc: Document = document): void => {
  const files = routeScriptFiles(path, doc);
  if (files.length === 0) return;
  // Compared as absolute addresses: the build's loader writes them so, the server's page not.
  const linked = new Set<string>();
  for (const link of doc.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")) linked.add(link.href);
  for (const script of doc.querySelectorAll<HTMLScriptElement>("script[src]")) linked.add(script.src);
  for (const file of files) {
    if (linked.has(new URL(file, doc.baseURI).href)) continue;
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    // As the server's page and the build's loader ask, so the later import() finds the response.
    link.crossOrigin = "";
    link.href = file;
    doc.head.appendChild(link);
  }
};
