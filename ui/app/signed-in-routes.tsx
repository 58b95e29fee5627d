import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { ROUTES, ROUTE_REDIRECTS } from "../../domain/routes.ts";
import type { RouteDeclaration } from "../../domain/shared/navigation/route-declaration.ts";
import { GameSelectionProvider, useSelectedGameCount } from "../game-selection/game-selection-provider.tsx";
import { ChatLive } from "../features/chat/index.ts";
import { SectionPage } from "../shell/section-page.tsx";
import { ShellRoute } from "../shell/shell-route.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { QueryClientScope } from "../data/query-client-scope.tsx";
import type { PageParams, RoutePage } from "../shell/route-page.ts";
import { useServices } from "../services/services-context.tsx";
import { endArrival } from "../data/arrival-reads.ts";
import { PAGES } from "./feature-pages.ts";
import type { PrefetchContext } from "./prefetch/prefetch-context.ts";
import { arrivalPrefetchOf } from "./prefetched-routes.ts";
import { preloadRouteFiles } from "./route-files.ts";

// Spec section 2, the application routes, built from their declarations (domain/routes.ts,
// docs/routes.md): nothing about a route is written here. Every page sits behind its permission
// check (ShellRoute → routeAccess) in its declared layout. The data cache's provider (TanStack
// Query) comes with this chunk, not with the sign-in entry (docs/session.md, "Bundle").
export function SignedInRoutes() {
  return (
    <QueryClientScope>
      <PrefetchArrival />
      <ChatLive>
        <GameSelectionProvider>
          <SignedInSwitch />
        </GameSelectionProvider>
      </ChatLive>
    </QueryClientScope>
  );
}

// The page a person arrives on (a reload, a bookmark, a link) has its own chunk and its main reads
// started as soon as this chunk runs, in parallel with the user record, not once the record is in
// and then one after the other (issue 23). Later moves inside the app find the user record cached and need no head start.
// Only signed-in or restoring people get here (RequireSession), and the HTTP client waits for a
// fresh token before any call.
function PrefetchArrival() {
  const [path] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  const { client: apiClient, earlyReadsStarted } = useServices().adapters;
  // Started once, as this first renders: a state's initializer runs once for each mount.
  useState(() => {
    const matched = ROUTES.match(path);
    if (matched === null) return null;
    // The page's own chunk, run through its pageChunk so the page renders at its first mount, not
    // after a loading card and a transition of its own (issue 35). A cold load's files came in the
    // boot script's wave; where they did not, its chunks are asked for here.
    const pageCode = () => void PAGES[matched.route.id]?.preload?.().catch(() => undefined);
    // Where the boot script asked the reads there is no module to load (arrivalPrefetchOf).
    const reads = arrivalPrefetchOf(path, search, earlyReadsStarted)?.();
    if (reads === undefined) {
      pageCode();
      return null;
    }
    const context: PrefetchContext = { params: matched.params, search, queryClient, apiClient };
    // The reads are asked first, then the page's chunks: over HTTP/1.1 a browser opens six
    // connections to a host, and the small API answers should not queue behind dozens of files
    // (measured: a session's detail 0.3 s sooner this way round, issue 23).
    reads
      .then((module) => module.prefetch(context))
      .catch(() => undefined)
      .finally(pageCode);
    return null;
  });
  // The first navigation after the arrival ends it: from then on every opening reads anew.
  const [arrivedAt] = useState(path);
  useEffect(() => {
    if (path !== arrivedAt) endArrival();
  }, [path, arrivedAt]);
  return null;
}

// One component for every declared address, not a <Route> each: the shell (layout, sidebar) stays
// mounted while the user moves between pages, as it did when the routes were written out by hand.
// Redirects carry keys for the reason given in app-routes.tsx.
function SignedInSwitch() {
  const [path] = useLocation();
  // A move inside the app asks for the new page's files in one wave (a cold load's came with the
  // boot script, and are skipped here); the page's own import() starts in this same render.
  useEffect(() => {
    preloadRouteFiles(path);
  }, [path]);
  const matched = ROUTES.match(path);
  if (matched !== null) {
    return <DeclaredRoute declaration={matched.route} page={PAGES[matched.route.id]} params={matched.params} />;
  }
  const redirect = ROUTE_REDIRECTS.find(({ from }) => (typeof from === "string" ? from === path : from.test(path)));
  if (redirect !== undefined) return <Redirect key={redirect.to} to={redirect.to} replace />;
  return <NotFoundPage />;
}

/** One declared route at its address: ids checked, then the page in the shell, or where bad ids go. */
function DeclaredRoute({ declaration, page, params }: { declaration: RouteDeclaration; page: RoutePage | undefined; params: PageParams }) {
  // The route context is live: /create/assign/ is guarded by how many games are picked right now.
  const selectedGameCount = useSelectedGameCount();
  const badIds = ROUTES.badIdsOutcome(declaration.id, params);
  if (badIds?.kind === "redirect") return <Redirect key={badIds.to} to={badIds.to} replace />;
  if (badIds?.kind === "not-found" || (page?.accepts !== undefined && !page.accepts(params))) return <NotFoundPage />;
  const ids = ROUTES.idFacts(declaration.id, params);
  return (
    <ShellRoute
      route={declaration.id}
      layout={declaration.layout}
      title={declaration.title}
      facts={(user, cached) => ({ ...ids, ...page?.facts?.(params, user, cached) })}
      context={{ ...page?.context, selectedGameCount }}
    >
      {page === undefined ? <SectionPage title={declaration.title} /> : page.render(params)}
    </ShellRoute>
  );
}
