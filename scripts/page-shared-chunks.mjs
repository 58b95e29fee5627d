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
// Then the small chunks (under about 1 kB gzip) join a chunk of a larger set of routes that holds
// theirs (mergeSmallGroups, below), where the cost in bytes is small and no chunk imports another
// in a cycle.
import { dirname, resolve } from "node:path";
import { isLoadedLater } from "./bundle-loaded-later.mjs";

/** A feature's index: it re-exports its parts, and an importer loads only the parts it names. */
const BARREL = /[\\/]index\.ts$/;

const posix = (id) => id.replaceAll("\\", "/");
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
export const staticImports = (id, infoOf) => {
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
  const loadedBy = new Map();
  routes.forEach(({ lazySources }, index) => {
    // What the route loads before its heading: its lazy parts' static closures and every lazy
    // part those ask for at once, at any depth.
    const seen = new Set();
    const queue = [...lazyParts].filter((id) => lazySources.some((pattern) => pattern.test(posix(id))));
    while (queue.length > 0) {
      const id = queue.pop();
      if (seen.has(id)) continue;
      seen.add(id);
      const lazy = (infoOf(id)?.dynamicallyImportedIds ?? []).filter((each) => !isLoadedLater(each));
      queue.push(...staticImports(id, infoOf), ...lazy);
    }
    for (const id of seen) {
      loadedBy.set(id, [...(loadedBy.get(id) ?? []), index]);
      if (isCandidate(id)) keys.set(id, [...(keys.get(id) ?? []), index]);
    }
  });
  const groups = new Map([...keys].filter(([, users]) => users.length > 1).map(([id, users]) => [id, `pages-${users.join("-")}`]));
  return mergeSmallGroups(groups, infoOf, loadedBy);
};

/**
 * A group whose modules' code is under this many characters (about 1 kB gzip) joins a group of a
 * larger set of routes (issue 35, eighth round): on HTTP/1.1's six connections and a 150 ms round
 * trip a file of 0.1-1 kB costs a phone far more than its bytes, and a session's detail loaded
 * eight of them, each of its own set of routes.
 */
export const SMALL_GROUP_CHARS = 3_000;

/**
 * What a merge may cost: the small group's characters times the routes that load it only because
 * of the merge (so a 200-character label may go to ten more routes, 2 kB of code to one).
 */
export const MERGE_COST_CHARS = 6_000;

const routesOfGroup = (name) => name.slice("pages-".length).split("-").map(Number);

/**
 * Each small group (SMALL_GROUP_CHARS) into the group of the fewest routes that holds all of its
 * routes, where that costs at most MERGE_COST_CHARS: every route that loaded the small chunk
 * loads the larger one already, so its file count drops by one and no route's grows; the routes
 * of the larger group that did not use the small one load its bytes. The merged chunk keeps the
 * larger group's name. A merge that would let two chunks import each other is not made.
 */
const mergeSmallGroups = (groups, infoOf, loadedBy) => {
  const codeSize = (id) => (typeof infoOf(id)?.code === "string" ? infoOf(id).code.length : 0);
  const size = new Map();
  for (const [id, name] of groups) size.set(name, (size.get(name) ?? 0) + codeSize(id));
  const owner = new Map(groups);
  // The chunks' imports, by group name (a module's static imports in another group), and whether
  // they hold a cycle once `small` has joined `target`.
  const cyclicIf = (small, target) => {
    const nameOf = (id) => (owner.get(id) === small ? target : owner.get(id));
    const edges = new Map();
    for (const id of owner.keys()) {
      const from = nameOf(id);
      for (const imported of infoOf(id)?.importedIds ?? []) {
        const to = nameOf(imported);
        if (to !== undefined && to !== from) edges.set(from, new Set([...(edges.get(from) ?? []), to]));
      }
    }
    // Only a cycle through the merged chunk is new: the others were there before the merge.
    const seen = new Set();
    const queue = [...(edges.get(target) ?? [])];
    while (queue.length > 0) {
      const name = queue.pop();
      if (name === target) return true;
      if (seen.has(name)) continue;
      seen.add(name);
      queue.push(...(edges.get(name) ?? []));
    }
    return false;
  };
  const importsOfGroup = (name) =>
    [...owner].filter(([, group]) => group === name).flatMap(([id]) => staticImports(id, infoOf)).filter((id) => owner.get(id) !== name);
  const smallFirst = [...size].filter(([, chars]) => chars < SMALL_GROUP_CHARS).sort(([, a], [, b]) => a - b).map(([name]) => name);
  for (const small of smallFirst) {
    const routes = routesOfGroup(small);
    const chars = size.get(small);
    if (chars === undefined || chars >= SMALL_GROUP_CHARS) continue;
    const target = [...size.keys()]
      .filter((name) => name !== small && routesOfGroup(name).length > routes.length && routes.every((route) => routesOfGroup(name).includes(route)))
      .filter((name) => chars * (routesOfGroup(name).length - routes.length) <= MERGE_COST_CHARS)
      // The small group's imports come with the larger chunk: each must be loaded already by
      // every route of that chunk, or those routes would load more files, not fewer.
      .filter((name) => importsOfGroup(small).every((id) => owner.get(id) === name || routesOfGroup(name).every((route) => loadedBy.get(id)?.includes(route))))
      .sort((a, b) => routesOfGroup(a).length - routesOfGroup(b).length || size.get(a) - size.get(b))
      .find((name) => !cyclicIf(small, name));
    if (target === undefined) continue;
    for (const [id, group] of owner) if (group === small) owner.set(id, target);
    size.set(target, size.get(target) + chars);
    size.delete(small);
  }
  return owner;
};

/** What loading `starts` loads through static imports at any depth (a feature's index: only the parts named). */
export const staticClosure = (starts, infoOf) => {
  const seen = new Set();
  const queue = [...starts];
  while (queue.length > 0) {
    const id = queue.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...staticImports(id, infoOf));
  }
  return seen;
};

/**
 * The share of the signed-in routes that must load a group before their heading for it to join the
 * signed-in chunk (issue 35, 2026-12-05). Such a group is a file of its own on each of those routes,
 * a round trip on HTTP/1.1's six connections while the page's files queue behind it; in the
 * signed-in chunk it costs the other routes (the dashboard among them) its bytes instead. The
 * session's detail lost two files this way (the confirm-before-leaving helpers, 12 routes, and the
 * exercises' calls, 16 routes) for 2.1 kB more on the dashboard.
 */
export const WIDE_SHARE = 0.5;

/**
 * Whether a module's code only passes on another's exports (`@react-aria/live-announcer` is such a
 * shim over React Aria's own announcer): it brings no code, so what counts is what it passes on.
 */
const reexportsOnly = (code) =>
  typeof code === "string" &&
  code
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/\b(import|export)\s*(\{[^}]*\}|\*(\s+as\s+[\w$]+)?)\s*(from\s*["'][^"']+["'])?\s*;?/g, "")
    .trim() === "";

/** A vanilla-extract style module: its sheet would go to every route with the signed-in chunk. */
const STYLE = /\.css\.ts(\.vanilla\.css)?$/;

/**
 * The names of the groups (`groups`: module → group name) that may join the signed-in chunk: loaded
 * before the heading by at least WIDE_SHARE of the `signedInRoutes`, holding no style module, and
 * importing only what every signed-in route loads already (`everywhere`: the entry's and the
 * area's static closures, and the groups joined before it; through a shim that only re-exports), so the routes that did not use it load
 * its bytes but no file more (the staff list's group stays: it imports the invitations' wire,
 * which /auth/invitation loads and the dashboard does not).
 */
export const widelySharedGroups = (groups, infoOf, everywhere, signedInRoutes) => {
  const loaded = new Set(everywhere);
  const byGroup = new Map();
  for (const [id, name] of groups) byGroup.set(name, [...(byGroup.get(name) ?? []), id]);
  const joining = new Set();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, ids] of byGroup) {
      if (joining.has(name) || routesOfGroup(name).length < WIDE_SHARE * signedInRoutes) continue;
      if (ids.some((id) => STYLE.test(posix(id)))) continue;
      const own = new Set(ids);
      const isLoaded = (id) => own.has(id) || loaded.has(id) || (reexportsOnly(infoOf(id)?.code) && staticImports(id, infoOf).every(isLoaded));
      if (!ids.flatMap((id) => staticImports(id, infoOf)).every(isLoaded)) continue;
      joining.add(name);
      for (const id of ids) loaded.add(id);
      grew = true;
    }
  }
  return joining;
};
