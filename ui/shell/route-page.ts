import type { ReactNode } from "react";
import type { BreadcrumbFacts } from "../../domain/shared/navigation/breadcrumbs.ts";
import type { RouteContext } from "../../domain/shared/navigation/route-declaration.ts";
import type { AppRoute } from "../../domain/shared/navigation/app-route.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";

/** Reads one entry of the server-data cache by its key, or undefined when it is not there. */
export type CachedReader = <T>(key: readonly unknown[]) => T | undefined;

/** The parameters wouter read from the route's address (domain/routes.ts declares the pattern). */
export type PageParams = Readonly<Record<string, string | undefined>>;

/**
 * What a feature's UI adds to a route its domain declared (docs/routes.md): the page, and what the
 * page knows that the declaration cannot (a tab, a name from the user record). A route without one
 * shows the "not available yet" section page under its declared title.
 */
export type RoutePage = {
  /** The page; a function of the loaded user record when it needs one. */
  readonly render: (params: PageParams) => ReactNode | ((user: CurrentUser) => ReactNode);
  /**
   * Breadcrumb facts beyond the ids in the address; `cached` reads the server-data cache (a
   * record's name once its page loaded it), and the breadcrumb follows the cache as it changes.
   */
  readonly facts?: (params: PageParams, user: CurrentUser | undefined, cached: CachedReader) => BreadcrumbFacts;
  readonly context?: RouteContext;
  /** Parameters other than ids that must name something real (a settings tab); false shows the not-found page. */
  readonly accepts?: (params: PageParams) => boolean;
  /** The page's own chunk, asked for and run ahead of its first render (pageChunk's preload). */
  readonly preload?: () => Promise<unknown>;
};

/** A feature's pages by route id. */
export type RoutePages = Readonly<Partial<Record<AppRoute, RoutePage>>>;

/**
 * A feature's lazy page modules by route id (its `page-code.ts`): its pages.tsx hands each to
 * pageChunk (ui/shell/page-chunk.tsx), and ui/app merges every feature's into the table it
 * fetches an arrival page's from.
 */
export type PageCode = Readonly<Partial<Record<AppRoute, () => Promise<unknown>>>>;
