/** What the walk reads of a module: its imports, and its code and exports when the build knows them. */
export type SharedGraphInfo = {
  readonly importedIds: readonly string[];
  readonly dynamicallyImportedIds: readonly string[];
  readonly code?: string | null;
  readonly exports?: readonly string[];
};
/** Each candidate module that two routes or more load before the heading, with its group's name. */
export declare const pageSharedGroups: (
  ids: readonly string[],
  infoOf: (id: string) => SharedGraphInfo | null | undefined,
  isCandidate: (id: string) => boolean,
  routes: readonly { readonly lazySources: readonly RegExp[] }[],
) => Map<string, string>;
/** A group under this many characters of code joins a group of a larger set of routes that holds it. */
export declare const SMALL_GROUP_CHARS: number;
/** The most a merge may cost: the small group's characters times the routes that load it only because of the merge. */
export declare const MERGE_COST_CHARS: number;
/** The modules `id` loads through its static imports (through a feature's index, only the parts it names). */
export declare const staticImports: (id: string, infoOf: (id: string) => SharedGraphInfo | null | undefined) => string[];
/** What loading `starts` loads through static imports at any depth. */
export declare const staticClosure: (starts: readonly string[], infoOf: (id: string) => SharedGraphInfo | null | undefined) => Set<string>;
/** The share of the signed-in routes that must load a group before their heading for it to join the signed-in chunk. */
export declare const WIDE_SHARE: number;
/** The groups that may join the signed-in chunk: widely loaded, no style module, importing only what every signed-in route loads. */
export declare const widelySharedGroups: (
  groups: ReadonlyMap<string, string>,
  infoOf: (id: string) => SharedGraphInfo | null | undefined,
  everywhere: ReadonlySet<string>,
  signedInRoutes: number,
) => Set<string>;
