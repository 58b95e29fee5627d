import type { Plugin } from "vite";

/** The signed-in area's root module (see signed-in-chunk.mjs). */
export declare const SIGNED_IN_ROOT: RegExp;
/** The modules that load only on signed-in routes: the area and the arrival reads. */
export declare const SIGNED_IN_SIDE: readonly RegExp[];
/** What the graph walk reads of a module. */
export type GraphInfo = { readonly isEntry: boolean; readonly importedIds: readonly string[]; readonly dynamicallyImportedIds: readonly string[] };
/** The modules of the signed-in area's static closure that nothing outside the signed-in side loads. */
export declare const signedInOnlyModules: (ids: readonly string[], infoOf: (id: string) => GraphInfo | null | undefined, outside?: ReadonlySet<string>) => Set<string>;
/** Everything the entry side loads without the signed-in area. */
export declare const outsideSignedInSide: (ids: readonly string[], infoOf: (id: string) => GraphInfo | null | undefined) => Set<string>;
/** The graph-reading plugin, the codeSplitting test of the signed-in area's own modules, and the pages' shared chunks' test and names. */
export declare const signedInChunk: () => {
  plugin: Plugin;
  test: (id: string) => boolean;
  pagesTest: (id: string) => boolean;
  pagesName: (id: string) => string | null;
};
