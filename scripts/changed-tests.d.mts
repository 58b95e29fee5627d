/** What the browser-flow selection reads from the repository. */
export type RepositoryFacts = {
  /** Each source and test file (the layers, tests/, scripts/) → the files it imports (importGraph). */
  readonly imports: ReadonlyMap<string, readonly string[]>;
  /** Route id → the lazy page module it shows (the features' page-code.ts, merged in ui/app/route-page-code.ts). */
  readonly pageModules: ReadonlyMap<string, string>;
  /** Route id → its declared address (domain/<feature>/routes.ts). */
  readonly routePaths: ReadonlyMap<string, string>;
  /** Playwright spec path → its text. */
  readonly specs: ReadonlyMap<string, string>;
};

export type BrowserFlows = {
  readonly routes: ReadonlyArray<{ readonly id: string; readonly path: string; readonly files: readonly string[]; readonly specs: readonly string[] }>;
  readonly unrouted: readonly string[];
  readonly everyRoute: boolean;
  readonly specs: readonly string[];
};

export type UnitTests = {
  /** The selected test files, sorted. */
  readonly tests: readonly string[];
  /** One for each changed file and test it selects, with the reason. */
  readonly picks: ReadonlyArray<{ readonly from: string; readonly test: string; readonly why: string }>;
};

/** The source and test files among `files`, the Playwright specs aside. */
export function vitestTargets(files: readonly string[]): string[];
/** A file Vitest runs: `*.test.ts(x)`, `*.int.test.ts` among them; not the Playwright specs. */
export function isUnitTest(file: string): boolean;
/** A composition root (or a test helper beside them) the unit selection does not walk through; test files are none. */
export function isCompositionRoot(file: string): boolean;
/** The composition roots as paths to read. */
export const compositionRootNames: readonly string[];
/** The folder whose tests run for a change to `file`: its feature's folder (deep), or its own folder. */
export function testFolderOf(file: string): { folder: string; deep: boolean; feature: string | undefined };
/** The Vitest test files for `changed`: those that import one (not through a composition root), those of its feature folder, the changed tests. */
export function selectUnitTests(changed: readonly string[], imports: ReadonlyMap<string, readonly string[]>): UnitTests;
/** Each source and test file of the layers, tests/ and scripts/ → the repository paths it imports or names by URL. */
export function importGraph(root: string): Map<string, string[]>;
/** The repository paths `file` names by `new URL("<relative path>", import.meta.url)`. */
export function urlReferencesOf(file: string, source: string): string[];
/** Whether a change can alter what a browser flow sees: the client's own files (tests aside) and the route declarations. */
export function touchesBrowser(file: string): boolean;
/** APP_ROUTE's keys to route ids. */
export function routeIdsByKey(appRouteSource: string): Map<string, string>;
/** The feature route files domain/routes.ts assembles. */
export function routeFilesOf(routesSource: string): string[];
/** Each route declared in a feature's route file: id → path. */
export function routePathsIn(source: string, idsByKey: ReadonlyMap<string, string>): Map<string, string>;
/** Where ROUTE_PAGE_CODE is merged. */
export const ROUTE_PAGE_CODE_FILE: string;
/** The features' page-code files ROUTE_PAGE_CODE merges. */
export function pageCodeFilesOf(routePageCodeSource: string): string[];
/** A page-code file's route ids to the page module each loads (`file`: where the source lives). */
export function pageModulesOf(pageCodeSource: string, file: string): Map<string, string>;
/** The part of a route's address written before its first parameter. */
export function staticPrefix(routePath: string): string;
/** Whether a spec's text writes a route's address. */
export function mentionsPath(specText: string, routePath: string): boolean;
/** `imports` turned round: file → the files that import it. */
export function importersOf(imports: Iterable<readonly [string, readonly string[]]>): Map<string, Set<string>>;
/** `file` and every file that imports it, directly or through others. */
export function dependents(file: string, importers: ReadonlyMap<string, ReadonlySet<string>>): Set<string>;
/** The Playwright specs for `changed`, and why. */
export function selectBrowserFlows(changed: readonly string[], facts: RepositoryFacts): BrowserFlows;
/** What the selection reads from the repository at `root`. */
export function repositoryFacts(root: string, imports?: ReadonlyMap<string, readonly string[]>): RepositoryFacts;
