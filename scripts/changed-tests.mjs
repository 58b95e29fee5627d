// Which tests `npm run test:changed` runs for a set of changed files (scripts/test-changed.mjs),
// read from the project's own import graph, the one `npm run lint` reads
// (scripts/feature-boundaries.mjs): relative imports, vi.mock and dynamic imports, test helpers too.
// - Unit and database tests (Vitest): the tests that import a changed file, directly or through
//   other files but never through a composition root (server/app.ts, ui/app/, …: the tests that
//   build the whole app run in `npm test`), and every test of the changed file's feature folder
//   (or, for a shared file, of its own folder). A changed test selects itself.
// - Playwright specs: a browser flow is chosen by the routes it visits: a changed client file
//   reaches a route when that route's lazy page module (its feature's page-code.ts, which
//   ui/app/feature-pages.ts merges) imports it,
//   directly or not, and a spec visits a route when its text writes the route's address. The route
//   files are read as text because these scripts run in plain Node, without a TypeScript loader.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { COMPOSITION_ROOTS, featureOf, importsOf, repositorySources } from "./feature-boundaries.mjs";

const SPEC_FOLDER = "tests/e2e";
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST = /\.test(-helper)?\.tsx?$/;

/** The source and test files among `files`, the Playwright specs aside: each should reach a Vitest test, or say that none does. */
export const vitestTargets = (files) => files.filter((file) => SOURCE.test(file) && !file.startsWith(`${SPEC_FOLDER}/`));

/** A file Vitest runs: `*.test.ts(x)`, the database suites `*.int.test.ts` among them; not the Playwright specs. */
export const isUnitTest = (file) => /\.test\.tsx?$/.test(file) && !file.startsWith(`${SPEC_FOLDER}/`);

/**
 * A file that assembles features (scripts/feature-boundaries.mjs), a test helper kept beside them
 * among them (ui/app/render-app.test-helper.tsx renders the whole app): the unit selection does
 * not walk through it. A test file there (ui/app/app.test.tsx) is no root: it is selected when it
 * imports a changed file itself, or through files that are not roots.
 */
export const isCompositionRoot = (file) => !isUnitTest(file) && COMPOSITION_ROOTS.some((root) => root.test(file));

/** The composition roots as paths to read (`ui/app/`, `server/app.ts`). */
export const compositionRootNames = COMPOSITION_ROOTS.map((root) => root.source.replace(/^\^|\$$/g, "").replaceAll("\\", ""));

/**
 * The folder whose tests run for a change to `file`: its feature's folder in its layer, subfolders
 * included (`server/features/patients/`), or for a shared part its own folder alone (`domain/shared/format/`).
 */
export const testFolderOf = (file) => {
  const feature = featureOf(file);
  if (feature === undefined) return { folder: `${path.posix.dirname(file)}/`, deep: false, feature };
  return { folder: file.slice(0, file.indexOf(`/${feature}/`) + feature.length + 2), deep: true, feature };
};

const inFolder = (file, { folder, deep }) => file.startsWith(folder) && (deep || !file.slice(folder.length).includes("/"));

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

/** The table of page code the signed-in area fetches an arrival page's from, merged from the features' page-code.ts. */
export const ROUTE_PAGE_CODE_FILE = "ui/app/feature-pages.ts";

/** The features' page-code files ROUTE_PAGE_CODE merges (the ones its source imports), as repository paths. */
export const pageCodeFilesOf = (routePageCodeSource) => importsOf(ROUTE_PAGE_CODE_FILE, routePageCodeSource).filter((file) => file.endsWith("/page-code.ts"));

/** A page-code file's route ids to the page module each loads, as repository paths (`file` is where the source lives). */
export const pageModulesOf = (pageCodeSource, file) =>
  new Map(
    [...pageCodeSource.matchAll(/["']?([\w-]+)["']?\s*:\s*\(\)\s*=>\s*import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)].map((m) => [
      m[1],
      path.posix.normalize(path.posix.join(path.posix.dirname(file), m[2])),
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
 * The Vitest test files for `changed`, from `imports` (file → the repository paths it imports, test
 * files and helpers included): `tests` (sorted) and `picks`, one { from, test, why } for each
 * changed file and test it selects, in that order:
 * - a changed test selects itself (and no other test of its folder);
 * - a test that imports a changed file, directly or through other files (the shortest way is
 *   named), none of them a composition root: a test that builds the whole app (through
 *   server/app.ts, ui/app/…) would otherwise run for nearly every change;
 * - the tests of the changed file's feature folder, or of its own folder for a shared part, which
 *   is how a change inside a composition root, or one the feature's tests reach only through the
 *   app they build, still selects them (not for a changed test or test helper).
 */
export const selectUnitTests = (changed, imports) => {
  const importers = importersOf(imports);
  const allTests = [...imports.keys()].filter(isUnitTest);
  const picks = [];
  for (const file of changed) {
    const why = new Map();
    if (isUnitTest(file)) why.set(file, "the changed test");
    if (!isCompositionRoot(file)) {
      // Breadth first, so each test is named with the file it imports on its shortest way.
      const seen = new Set([file]);
      const queue = [file];
      while (queue.length > 0) {
        const at = queue.shift();
        for (const importer of importers.get(at) ?? []) {
          if (seen.has(importer) || isCompositionRoot(importer)) continue;
          seen.add(importer);
          queue.push(importer);
          if (isUnitTest(importer) && !why.has(importer)) why.set(importer, at === file ? "imports it" : `imports it through ${at}`);
        }
      }
    }
    // A changed test or helper alters no test but those that are it or import it.
    const scope = TEST.test(file) ? undefined : testFolderOf(file);
    for (const test of scope === undefined ? [] : allTests)
      if (!why.has(test) && inFolder(test, scope)) why.set(test, scope.feature === undefined ? "in its folder" : `in the ${scope.feature} feature's folder`);
    for (const [test, reason] of why) picks.push({ from: file, test, why: reason });
  }
  return { tests: [...new Set(picks.map((pick) => pick.test))].sort(), picks };
};

/** A file named by `new URL("<relative path>", import.meta.url)`: a test that runs a script as a child process names it so. */
const URL_REFERENCE = /new URL\(\s*["'](\.{1,2}\/[^"']+\.(?:ts|tsx|mts|mjs))["']\s*,\s*import\.meta\.url\s*\)/g;

/** The repository paths `file` names by URL (resolved as its imports are). */
export const urlReferencesOf = (file, source) =>
  [...source.matchAll(URL_REFERENCE)].map((match) => path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])));

/**
 * The files the selection reads: every tracked or new source and test file of the layers, tests/ and
 * scripts/, with the repository paths each imports or names by URL. A test that runs a script
 * (`npm run bundle-report` as a child process) depends on it as much as one that imports it: left
 * out, a change to the report's budget ran none of its tests (issue 35).
 */
export const importGraph = (root) =>
  new Map(
    repositorySources(root, (file) => /^(domain|machines|adapters|ui|server|tests|scripts)\//.test(file) && /\.(ts|tsx|mts|mjs)$/.test(file)).map(
      ([file, source]) => [file, [...importsOf(file, source), ...urlReferencesOf(file, source)]],
    ),
  );

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

/** What the browser-flow selection reads from the repository at `root`: the import graph (importGraph), the route pages, their addresses and the specs' text. */
export const repositoryFacts = (root, imports = importGraph(root)) => {
  const read = (file) => readFileSync(path.join(root, file), "utf8");
  const idsByKey = routeIdsByKey(read("domain/shared/navigation/app-route.ts"));
  const routePaths = new Map(routeFilesOf(read("domain/routes.ts")).flatMap((file) => [...routePathsIn(read(file), idsByKey)]));
  const specs = new Map(
    readdirSync(path.join(root, SPEC_FOLDER))
      .filter((name) => name.endsWith(".spec.ts"))
      .map((name) => [`${SPEC_FOLDER}/${name}`, read(`${SPEC_FOLDER}/${name}`)]),
  );
  const pageModules = new Map(pageCodeFilesOf(read(ROUTE_PAGE_CODE_FILE)).flatMap((file) => [...pageModulesOf(read(file), file)]));
  return { imports, pageModules, routePaths, specs };
};
