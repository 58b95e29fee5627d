import type { Plugin } from "vite";

/** A route's address pattern as the regular expression's source the boot script matches. */
export declare const patternOf: (path: string) => string;
/** What the plugin reads of a built chunk. */
export type PreloadChunk = {
  readonly fileName: string;
  readonly isEntry?: boolean;
  readonly facadeModuleId?: string | null;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly viteMetadata?: { readonly importedCss?: ReadonlySet<string> };
};
/** The block: files listed once, and each route's pattern with the indexes of its files. */
export type RoutePreload = { readonly files: string[]; readonly routes: ([string, number[]] | [string, number[], number[]])[] };
/** Each route's files beyond the entry's, from a build's chunks. */
export declare const routePreloadOf: (
  chunks: readonly PreloadChunk[],
  routes: readonly { readonly id: string; readonly path: string }[],
  modules: { readonly area: string; readonly sources: ReadonlyMap<string, readonly string[]> },
) => RoutePreload;
/** The Vite plugin that writes the block into the built index.html. */
export declare const routePreload: (options: { root: string; routes: readonly { readonly id: string; readonly path: string }[]; elementId: string }) => Plugin;
