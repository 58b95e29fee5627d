// The signed-in area's own modules in one chunk (issue 35, vite.config.ts). Every signed-in route
// loads the whole static closure of ui/app/signed-in-routes.tsx before its heading; the bundler's
// automatic splitting cut it into a dozen small files (a module there that the arrival reads or a
// page also import went into a chunk of its own per set of users), and over HTTP/1.1's six
// connections on a slow phone each file costs round trips. The modules that only the signed-in
// side loads (the area itself, the arrival reads, the pages and what they load later) cannot reach
// sign-in or another /auth page, so they may share one chunk without costing any route a byte it
// did not load already; a module that an /auth page or the entry's other lazy parts (the toast
// region) also import stays where the bundler puts it.

import { ROUTES } from "./bundle-report.mjs";
import { pageSharedGroups, staticClosure, widelySharedGroups } from "./page-shared-chunks.mjs";

/** The signed-in area's root module. */
export const SIGNED_IN_ROOT = /(^|[\\/])ui[\\/]app[\\/]signed-in-routes\.tsx$/;

/**
 * The lazy parts the entry imports that load only for a signed-in person: the area, the arrival
 * reads, the idle sign-off (ui/session/idle-sign-off.tsx mounts it only while signed in).
 */
export const SIGNED_IN_SIDE = [
  SIGNED_IN_ROOT,
  /(^|[\\/])ui[\\/]app[\\/]prefetch[\\/][^\\/]+\.ts$/,
  /(^|[\\/])ui[\\/]session[\\/]idle-sign-off-session\.tsx$/,
];

const closureOf = (starts, infoOf) => {
  const seen = new Set();
  const queue = [...starts];
  while (queue.length > 0) {
    const id = queue.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(infoOf(id)?.importedIds ?? []));
  }
  return seen;
};

const isSignedInSide = (id) => SIGNED_IN_SIDE.some((pattern) => pattern.test(id));

/**
 * Everything the entry side loads without the signed-in area, from a module graph (`infoOf(id)`
 * gives `isEntry`, `importedIds`, `dynamicallyImportedIds`): the entry's static closure, then
 * every lazy part it (or a lazy part of its) imports, other than the signed-in side's, at any depth.
 */
export const outsideSignedInSide = (ids, infoOf) => {
  const entry = closureOf(ids.filter((id) => infoOf(id)?.isEntry === true), infoOf);
  const outside = new Set(entry);
  const pending = [...entry];
  while (pending.length > 0) {
    const id = pending.pop();
    for (const lazy of infoOf(id)?.dynamicallyImportedIds ?? []) {
      if (isSignedInSide(lazy)) continue;
      for (const each of closureOf([lazy], infoOf)) {
        if (outside.has(each)) continue;
        outside.add(each);
        pending.push(each);
      }
    }
  }
  return outside;
};

/**
 * The modules of the signed-in area's static closure that nothing outside the signed-in side
 * loads: not the entry's static closure, not any lazy part the entry side can load without the
 * signed-in area (an /auth page, the toast region), at any depth.
 */
export const signedInOnlyModules = (ids, infoOf, outside = outsideSignedInSide(ids, infoOf)) => {
  const root = ids.find((id) => SIGNED_IN_ROOT.test(id));
  if (root === undefined) return new Set();
  // The lazy parts themselves stay chunks of their own (the root's is small), so the build's
  // manifest still names each lazy import by its source, which scripts/bundle-report.mjs reads.
  return new Set([...closureOf([root], infoOf)].filter((id) => !isSignedInSide(id) && !outside.has(id)));
};

/**
 * A plugin that reads the module graph once it is complete, the codeSplitting test of the
 * signed-in area's own modules, and the test and names of the pages' shared chunks. Libraries are left to their groups: their index modules re-export
 * everything, so in the graph every part of React Aria is reachable from sign-in's.
 */
export const signedInChunk = () => {
  let members = new Set();
  let outside = new Set();
  let shared = new Map();
  const isLibrary = (id) => /[\\/]node_modules[\\/]/.test(id);
  return {
    plugin: {
      name: "portal-signed-in-chunk",
      apply: "build",
      buildEnd() {
        const ids = [...this.getModuleIds()];
        const infoOf = (id) => this.getModuleInfo(id);
        outside = outsideSignedInSide(ids, infoOf);
        members = signedInOnlyModules(ids, infoOf, outside);
        const lazyParts = new Set(ids.flatMap((id) => infoOf(id)?.dynamicallyImportedIds ?? []));
        // The second group (scripts/page-shared-chunks.mjs): the pages' shared modules, by the
        // routes that load them before the heading; never a module the entry side loads.
        const candidate = (id) => !outside.has(id) && !members.has(id) && !isLibrary(id) && !lazyParts.has(id);
        shared = pageSharedGroups(ids, infoOf, candidate, ROUTES);
        // The groups most signed-in routes load join the area's chunk: a file fewer on each of them.
        const root = ids.find((id) => SIGNED_IN_ROOT.test(id));
        const everywhere = staticClosure([...ids.filter((id) => infoOf(id)?.isEntry === true), ...(root === undefined ? [] : [root])], infoOf);
        const signedInRoutes = ROUTES.filter(({ lazySources }) => lazySources.some((pattern) => pattern.test("ui/app/signed-in-routes.tsx"))).length;
        const joining = widelySharedGroups(shared, infoOf, everywhere, signedInRoutes);
        for (const [id, name] of [...shared]) {
          if (!joining.has(name)) continue;
          shared.delete(id);
          members.add(id);
        }
      },
    },
    test: (id) => members.has(id) && !isLibrary(id),
    pagesTest: (id) => shared.has(id),
    pagesName: (id) => shared.get(id) ?? null,
  };
};
