import type { Plugin } from "vite";

/** The signed-in area's root module (see signed-in-chunk.mjs). */
export declare const SIGNED_IN_ROOT: RegExp;
/** The modules that load only on signed-in routes: the area and the arrival reads. */
export declare const SIGNED_IN_SIDE: readonly RegExp[];
/** What the graph walk reads of a module. */
export type GraphInfo = { readonly isEntry: boolean; readonly importedIds: readonly string[]; readonly dynamicallyImportedIds: readonly string[] };
/** The modules of the signed-in area's static closure that nothing outside the signed-in side loads. */
export declare const signedInOnlyModules: (ids: readonly string[], infoOf: (id: string) => GraphInfo | null | undefined) => Set<string>;
/** The graph-reading plugin and the codeSplitting test of the signed-in area's own modules. */
export declare const signedInChunk: () => { plugin: Plugin; test: (id: string) => boolean };
