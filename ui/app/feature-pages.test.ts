import { readdirSync, readFileSync } from "node:fs";
import { isValidElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../../domain/routes.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import type { PageParams } from "../shell/route-page.ts";
import { PAGES, ROUTE_PAGE_CODE } from "./feature-pages.ts";

// Issue 33: the page-code table is derived from the features' page-code.ts, not listed by hand
// (the hand-written one had missed the billing month-end page). A route whose page is loaded on
// first use (pageChunk, or a React.lazy component) is found by rendering its element tree, not by
// reading a list.
const LAZY = Symbol.for("react.lazy");

/** A component made by pageChunk: the only components with their own `preload`. */
const isPageChunk = (type: unknown): boolean => typeof type === "function" && typeof (type as { preload?: unknown }).preload === "function";

const rendersLazy = (node: ReactNode): boolean => {
  if (Array.isArray(node)) return node.some(rendersLazy);
  if (!isValidElement(node)) return false;
  if ((node.type as { $$typeof?: symbol }).$$typeof === LAZY || isPageChunk(node.type)) return true;
  return rendersLazy((node.props as { children?: ReactNode }).children);
};

/** Every parameter of the route's address, as a valid id. */
const paramsOf = (path: string): PageParams => Object.fromEntries([...path.matchAll(/:(\w+)/g)].map((match) => [match[1], "1"]));

/** The preload of the first pageChunk component in an element tree. */
const chunkPreloadOf = (node: ReactNode): unknown => {
  if (Array.isArray(node)) return node.map(chunkPreloadOf).find((preload) => preload !== undefined);
  if (!isValidElement(node)) return undefined;
  if (isPageChunk(node.type)) return (node.type as unknown as { preload: unknown }).preload;
  return chunkPreloadOf((node.props as { children?: ReactNode }).children);
};

const renderedOf = (routeId: keyof typeof PAGES, path: string): ReactNode => {
  const rendered = PAGES[routeId]?.render(paramsOf(path));
  return typeof rendered === "function" ? rendered({} as CurrentUser) : rendered;
};

const lazyRoutes = ROUTES.routes.flatMap((route) => {
  const page = PAGES[route.id];
  if (page === undefined) return [];
  const rendered = page.render(paramsOf(route.path));
  return rendersLazy(typeof rendered === "function" ? rendered({} as CurrentUser) : rendered) ? [route.id] : [];
});

describe("the page code fetched on arrival", () => {
  it("has the module of every lazily loaded page, and of nothing else", () => {
    expect(lazyRoutes).toContain("billing-month-end");
    expect(lazyRoutes).not.toContain("dashboard");
    expect(Object.keys(ROUTE_PAGE_CODE).sort()).toEqual([...lazyRoutes].sort());
  });

  // Issue 35: the signed-in area runs the arrival page's chunk through its pageChunk, so the page
  // renders at its first mount once its files are in, not after a loading card and a transition.
  it("hands the arrival the preload of the very chunk each page renders", () => {
    const chunked = ROUTES.routes.filter((route) => chunkPreloadOf(renderedOf(route.id, route.path)) !== undefined);
    expect(chunked.length).toBeGreaterThan(10);
    for (const route of chunked) expect(PAGES[route.id]?.preload, route.id).toBe(chunkPreloadOf(renderedOf(route.id, route.path)));
  });

  it("is where every feature's pages take their lazy modules from: no pages.tsx imports a page itself", () => {
    const features = new URL("../features/", import.meta.url);
    const writers = readdirSync(features).filter((feature) => {
      try {
        return readFileSync(new URL(`${feature}/pages.tsx`, features), "utf8").includes("import(");
      } catch {
        return false; // a feature without pages
      }
    });
    expect(writers).toEqual([]);
  });
});
