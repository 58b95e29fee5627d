// Which tests `npm run test:changed` runs for a set of changed files (scripts/test-changed.mjs).
// Vitest finds the unit and database tests itself (`vitest related`); this module picks the
// Playwright specs. A browser flow is chosen by the routes it visits: a changed client file
// reaches a route when that route's lazy page module (ui/app/route-page-code.ts) imports it,
// directly or not, and a spec visits a route when its text writes the route's address. The import
// graph is the one `npm run lint` reads (scripts/feature-boundaries.mjs); the route files are read
// as text because these scripts run in plain Node, without a TypeScript loader.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { importsOf, repositorySources } from "./feature-boundaries.mjs";

const SPEC_FOLDER = "tests/e2e";
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST = /\.test(-helper)?\.tsx?$/;

/** The files Vitest should trace: source and test files, not the Playwright specs it never runs. */
export const vitestTargets = (files) => files.filter((file) => SOURCE.test(file) && !file.startsWith(`${SPEC_FOLDER}/`));

/**
 * Whether a change can alter what a browser flow sees: the client's own files (tests aside) and the
 * route declarations. Machines and adapters are left to their unit tests, which keeps a one-file
 * change inside the minute.
 */
export const touchesBrowser = (file) =>
  !TEST.test(file) &&
  (/^ui\/.*\.tsx?$/.test(file) || file.startsWith("domain/shared/navigation/") || /^domain\/([^/]+\/)?routes\.ts$/.test(file));

/** APP_ROUTE's keys to route ids (domain/shared/navigation/app-route.ts), e.g. patientDetail → patient-detail. */
export const routeIdsByKey = (appRouteSource) =>
  new Map([...(/APP_ROUTE\s*=\s*\{([^}]*)\}/.exec(appRouteSource)?.[1] ?? "").matchAll(/(\w+)\s*:\s*["']([\w-]+)["']/g)].map((m) => [m[1], m[2]]));

/** The feature route files domain/routes.ts assembles, as repository paths. */
export const routeFilesOf = (routesSource) => [...routesSource.matchAll(/from\s*["']\.\/([\w-]+)\/routes\.ts["']/g)].map((m) => `domain/${m[1]}/routes.ts`);

/** Each route declared in a feature's route file: id → path (`id: APP_ROUTE.x, path: "…"`). */
export const routePathsIn = (source, idsByKey) =>
  new Map([...source.matchAll(/\bid:\s*APP_ROUTE\.(\w+)\s*,\s*path:\s*["'`]([^"'`]+)["'`]/g)].map((m) => [idsByKey.get(m[1]) ?? m[1], m[2]]));

/** ROUTE_PAGE_CODE's route ids to the page module each shows, as repository paths. */
export const pageModulesOf = (routePageCodeSource) =>
  new Map(
    [...routePageCodeSource.matchAll(/["']?([\w-]+)["']?\s*:\s*\(\)\s*=>\s*import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)].map((m) => [
      m[1],
      path.posix.normalize(path.posix.join("ui/app", m[2])),
    ]),
  );

/** The part of a route's address written before its first parameter: `/patient/:id` → `/patient/`. */
export const staticPrefix = (routePath) => routePath.split(":", 1)[0];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether a spec's text writes a route's address: in a string or a URL regex (`\/` read as `/`),
 * not inside another path (`/api/patients/` is the API, `/details-panel/patient/` another route),
 * and a route without parameters only as a whole address (`/patients` or `/patients?…`, not
 * `/organizations/12`).
 */
export const mentionsPath = (specText, routePath) => {
  const prefix = staticPrefix(routePath);
  const whole = prefix === routePath ? "(?![\\w/-])" : "";
  return new RegExp(`(?<![A-Za-z_.-])${escape(prefix)}${whole}`).test(specText.replaceAll("\\/", "/"));
};

/** `imports` (file → the files it imports) turned round: file → the files that import it. */
export const importersOf = (imports) => {
  const importers = new Map();
  for (const [file, targets] of imports)
    for (const target of targets) {
      if (!importers.has(target)) importers.set(target, new Set());
      importers.get(target).add(file);
    }
  return importers;
};

/** `file` and every file that imports it, directly or through others. */
export const dependents = (file, importers) => {
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length > 0) {
    for (const importer of importers.get(queue.pop()) ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return seen;
};

/**
 * The Playwright specs for `changed`, from the repository facts `facts` (see repositoryFacts):
 * - routes: each route a change reaches, with its address, the changed files that reach it and its specs;
 * - unrouted: changed client files no route page imports (the shell, the app root, sign-in, the
 *   dashboard): they are on the way to every page, so every spec runs for them;
 * - everyRoute: a change reaches every route page (a shared part), so every spec that visits a route runs;
 * - specs: the union, sorted.
 */
export const selectBrowserFlows = (changed, facts) => {
  const importers = importersOf(facts.imports);
  const reachedBy = new Map();
  const unrouted = [];
  for (const file of changed.filter(touchesBrowser)) {
    const reached = dependents(file, importers);
    const routes = [...facts.pageModules].filter(([, page]) => reached.has(page)).map(([route]) => route);
    if (routes.length === 0) unrouted.push(file);
    for (const route of routes) reachedBy.set(route, [...(reachedBy.get(route) ?? []), file]);
  }
  const routes = [...reachedBy].map(([id, files]) => {
    const routePath = facts.routePaths.get(id);
    if (routePath === undefined) throw new Error(`route ${id} has a page module but no declared path in domain/*/routes.ts`);
    const specs = [...facts.specs].filter(([, text]) => mentionsPath(text, routePath)).map(([spec]) => spec);
    return { id, path: routePath, files, specs };
  });
  const specs = new Set(unrouted.length > 0 ? facts.specs.keys() : routes.flatMap((route) => route.specs));
  return { routes, unrouted, everyRoute: facts.pageModules.size > 0 && reachedBy.size === facts.pageModules.size, specs: [...specs].sort() };
};

/** What the selection reads from the repository at `root`: the client's import graph, the route pages, their addresses and the specs' text. */
export const repositoryFacts = (root) => {
  const read = (file) => readFileSync(path.join(root, file), "utf8");
  const imports = new Map(
    repositorySources(root)
      .filter(([file]) => /^(ui|domain|machines|adapters)\//.test(file))
      .map(([file, source]) => [file, importsOf(file, source)]),
  );
  const idsByKey = routeIdsByKey(read("domain/shared/navigation/app-route.ts"));
  const routePaths = new Map(routeFilesOf(read("domain/routes.ts")).flatMap((file) => [...routePathsIn(read(file), idsByKey)]));
  const specs = new Map(
    readdirSync(path.join(root, SPEC_FOLDER))
      .filter((name) => name.endsWith(".spec.ts"))
      .map((name) => [`${SPEC_FOLDER}/${name}`, read(`${SPEC_FOLDER}/${name}`)]),
  );
  return { imports, pageModules: pageModulesOf(read("ui/app/route-page-code.ts")), routePaths, specs };
};
