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
