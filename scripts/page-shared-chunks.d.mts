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
