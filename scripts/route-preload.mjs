// The files each signed-in route needs before its heading, written into the built index.html
// (issue 35). A cold load of a signed-in page used to find its code in three waves: the entry, then
// (once the entry had run) the signed-in area, then (once the area had run) the page, each a round
// trip and a run later on a slow phone. The session's boot script (server/http/session-boot-script.ts),
// which runs as soon as the document is parsed, reads this block and asks for the area's and the
// arrival page's files at once, beside the entry's. The chunks themselves do not change: the entry
// does not import the pages (that would split what they share with the area into many more files).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ARRIVAL_READS, isLoadedLater } from "./bundle-loaded-later.mjs";
import { pageCodeFilesOf, pageModulesOf, ROUTE_PAGE_CODE_FILE } from "./changed-tests.mjs";

/** The signed-in area's module and the table of each route's arrival reads, as repository paths. */
const SIGNED_IN_AREA_FILE = "ui/app/signed-in-routes.tsx";
const ROUTE_PREFETCH_FILE = "ui/app/prefetched-routes.ts";

/** A route's address pattern (`/patient/:id`) as the regular expression's source the boot script matches. */
export const patternOf = (path) => `^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}/?$`;

/**
 * From a build's chunks (`chunks`: fileName, facadeModuleId, imports, dynamicImports,
 * viteMetadata.importedCss), each route's files beyond the entry's, in the order the boot script
 * asks for them: the signed-in area's, its lazy page's with its static imports at any depth, the
 * lazy parts those ask for as they run (every dynamic import LOADED_LATER does not name, such as
 * a session's review below its heading; their scripts only), and the style sheets of the page;
 * apart, its arrival reads' module's, which the boot script asks for only at an address with a
 * query string. `routes` are the declared routes in match order ({ id, path }); `sources` maps a
 * route id to its page module and its arrival reads' module (absolute paths). Files are listed
 * once, routes name them by index: [pattern, files, files with a query string (when any)].
 */
export const routePreloadOf = (chunks, routes, { area, sources }) => {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byFacade = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId, chunk]));
  const closure = (fileName, into) => {
    if (into.has(fileName) || !byFile.has(fileName)) return into;
    into.add(fileName);
    for (const imported of byFile.get(fileName).imports ?? []) closure(imported, into);
    return into;
  };
  const withCss = (files) => [...files, ...[...files].flatMap((file) => [...(byFile.get(file).viteMetadata?.importedCss ?? [])])];
  const entry = new Set();
  for (const chunk of chunks.filter((each) => each.isEntry)) closure(chunk.fileName, entry);
  const beyond = (start, known) => {
    const chunk = byFacade.get(start);
    if (chunk === undefined) return [];
    return withCss([...closure(chunk.fileName, new Set())].filter((file) => !known.has(file)));
  };
  const areaFiles = beyond(area, entry);
  const known = new Set([...entry, ...withCss(entry), ...areaFiles]);
  const files = [];
  const indexOf = (file) => {
    if (!files.includes(file)) files.push(file);
    return files.indexOf(file);
  };
  // The lazy parts a route's files ask for at once, at any depth: in the same wave, after the
  // files the heading waits for, so they do not go out ahead of them on HTTP/1.1's six connections.
  const lazyParts = (files) => {
    const parts = [];
    const queue = [...files];
    while (queue.length > 0) {
      const chunk = byFile.get(queue.shift());
      for (const lazy of chunk?.dynamicImports ?? []) {
        const part = byFile.get(lazy);
        if (part?.facadeModuleId == null || isLoadedLater(part.facadeModuleId) || parts.includes(part.facadeModuleId)) continue;
        parts.push(part.facadeModuleId);
        queue.push(...closure(part.fileName, new Set()));
      }
    }
    return parts;
  };
  const table = routes.map(({ id, path }) => {
    const routeSources = sources.get(id) ?? [];
    const isReads = (source) => ARRIVAL_READS.test(source.replaceAll("\\", "/"));
    const page = routeSources.filter((source) => !isReads(source)).flatMap((source) => beyond(source, known));
    const withPage = new Set([...known, ...page]);
    // Their scripts only: each part's import asks for its own style sheets as the page runs. In the
    // wave they went out first (a sheet's priority is the highest) and took three of the six
    // connections for a round trip each while the page's own scripts queued (issue 35,
    // 2026-12-05: a session's detail 0.1 s sooner, its statistics and tables a sheet's trip later).
    const later = lazyParts(page.filter((file) => file.endsWith(".js")))
      .flatMap((source) => beyond(source, withPage))
      .filter((file) => file.endsWith(".js"));
    // The arrival reads' module apart, asked for only at an address with a query string: the wave
    // goes out with the boot script's reads, which at the bare address are every read the module
    // asks, so the app does not load it there (ui/app/prefetched-routes.ts).
    const own = [...new Set([...areaFiles, ...page, ...later])];
    const reads = routeSources.filter(isReads).flatMap((source) => beyond(source, withPage)).filter((file) => !own.includes(file));
    return [patternOf(path), own.map(indexOf), ...(reads.length === 0 ? [] : [reads.map(indexOf)])];
  });
  return { files, routes: table };
};

/** Each route id's page module and arrival reads' module, as absolute paths, read from the page-code tables. */
export const routeSourcesOf = (root) => {
  const read = (file) => readFileSync(join(root, file), "utf8");
  const sources = new Map();
  const add = (modules) => {
    for (const [id, file] of modules) sources.set(id, [...(sources.get(id) ?? []), join(root, file)]);
  };
  for (const file of pageCodeFilesOf(read(ROUTE_PAGE_CODE_FILE))) add(pageModulesOf(read(file), file));
  add(pageModulesOf(read(ROUTE_PREFETCH_FILE), ROUTE_PREFETCH_FILE));
  return { area: join(root, SIGNED_IN_AREA_FILE), sources };
};

/** The Vite plugin: writes the block (`elementId`) into index.html once the chunks are named (builds only). */
export const routePreload = ({ root, routes, elementId }) => ({
  name: "portal-route-preload",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler: (html, context) => {
      if (context.bundle === undefined) return html;
      const chunks = Object.values(context.bundle).filter((each) => each.type === "chunk");
      const preload = routePreloadOf(chunks, routes, routeSourcesOf(root));
      return [
        {
          tag: "script",
          attrs: { type: "application/json", id: elementId },
          children: JSON.stringify(preload).replaceAll("<", "\\u003c"),
          injectTo: "head",
        },
      ];
    },
  },
});
