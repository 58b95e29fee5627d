// The signed-in pages' shared modules, one chunk per set of routes that load them before the heading
// (issue 35, vite.config.ts). The bundler's automatic splitting keys a shared module by every lazy
// part that reaches it, the ones a page asks for after its heading too (the attempt editor, the
// work timer, a dialog's body), so two pages that load the same 4 kB before their heading got it in
// three or four files, one per set of later users. Here a module is keyed only by the routes that
// load it before the heading (a page or arrival read, with the lazy parts it asks for at once; not
// those bundle-loaded-later.mjs names), and the modules of one key are one chunk: every route that
// loads that chunk before its heading loaded each of its modules before, so no route's count grows.
// A module keyed by one route alone is left where the bundler puts it (in the page's own chunk).
//
// The chunks cannot import each other in a cycle: a module's imports are loaded by every route
// that loads it, so their key holds its key, and a chunk imports only chunks of a larger key.
import { dirname, resolve } from "node:path";
import { LOADED_LATER } from "./bundle-loaded-later.mjs";

/** A feature's index: it re-exports its parts, and an importer loads only the parts it names. */
const BARREL = /[\\/]index\.ts$/;

const posix = (id) => id.replaceAll("\\", "/");
const loadedLater = (id) => LOADED_LATER.some(({ source }) => source.test(posix(id)));
const namesIn = (list) => list.split(",").map((each) => each.trim().split(/\s+as\s+/)).filter(([name]) => name !== "" && name !== "type");

/** The names `code` imports from `target` (a module id), or null when it takes them all or it cannot tell. */
const importedNames = (code, from, target) => {
  const names = [];
  let found = false;
  for (const [, list, spec] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    if (resolve(dirname(from), spec) !== target) continue;
    found = true;
    names.push(...namesIn(list).map(([name]) => name));
  }
  return found ? names : null;
};

/** The modules a barrel takes each of `names` from: its `export { … } from` and `export * from` lines. */
const barrelSources = (barrel, names, infoOf) => {
  const code = infoOf(barrel)?.code ?? "";
  const byName = new Map();
  for (const [, list, spec] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    for (const [name, alias] of namesIn(list)) byName.set(alias ?? name, resolve(dirname(barrel), spec));
  }
  const stars = [...code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)].map(([, spec]) => resolve(dirname(barrel), spec));
  const sources = [];
  for (const name of names) {
    const source = byName.get(name) ?? stars.find((star) => infoOf(star)?.exports?.includes(name));
    if (source === undefined) return null;
    sources.push(source);
  }
  return sources;
};

/**
 * The modules `id` loads through its static imports: through a feature's index only the parts
 * it names (as the bundler, with package.json's `sideEffects`, drops the others); all of them
 * when its code does not say (no code in the graph, a namespace import).
 */
const staticImports = (id, infoOf) => {
  const info = infoOf(id);
  const code = info?.code;
  return (info?.importedIds ?? []).flatMap((target) => {
    if (!BARREL.test(posix(target)) || typeof code !== "string") return [target];
    const names = importedNames(code, id, target);
    const sources = names === null ? null : barrelSources(target, names, infoOf);
    return sources === null ? [target] : sources;
  });
};

/**
 * Each candidate module loaded before the heading by two routes or more, with the name of its
 * group: the routes that load it, in one string. `routes` are bundle-report.mjs's (each with the
 * `lazySources` it loads: the signed-in area, its page, its arrival reads); `infoOf(id)` gives
 * `importedIds`, `dynamicallyImportedIds`, and `code` and `exports` when known; `isCandidate(id)`
 * says which modules may move (the signed-in side's own, not a library, not a lazy part).
 */
export const pageSharedGroups = (ids, infoOf, isCandidate, routes) => {
  const lazyParts = new Set(ids.flatMap((id) => infoOf(id)?.dynamicallyImportedIds ?? []));
  const keys = new Map();
  routes.forEach(({ lazySources }, index) => {
    // What the route loads before its heading: its lazy parts' static closures and every lazy
    // part those ask for at once, at any depth.
    const seen = new Set();
    const queue = [...lazyParts].filter((id) => lazySources.some((pattern) => pattern.test(posix(id))));
    while (queue.length > 0) {
      const id = queue.pop();
      if (seen.has(id)) continue;
      seen.add(id);
      const lazy = (infoOf(id)?.dynamicallyImportedIds ?? []).filter((each) => !loadedLater(each));
      queue.push(...staticImports(id, infoOf), ...lazy);
    }
    for (const id of seen) if (isCandidate(id)) keys.set(id, [...(keys.get(id) ?? []), index]);
  });
  return new Map([...keys].filter(([, users]) => users.length > 1).map(([id, users]) => [id, `pages-${users.join("-")}`]));
};
