import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { Redirect } from "wouter";
import { breadcrumbsFor, documentTitleFor, routeAccess } from "../../domain/routes.ts";
import type { AppRoute } from "../../domain/shared/navigation/app-route.ts";
import type { BreadcrumbFacts } from "../../domain/shared/navigation/breadcrumbs.ts";
import type { RouteContext, RouteLayout } from "../../domain/shared/navigation/route-declaration.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import type { CachedReader } from "./route-page.ts";
import { useRouteDocumentTitle } from "./use-document-title.ts";
import { subscribeToCachedData } from "../data/cache-data-changes.ts";
import { failureMessage } from "../data/failure-message.ts";
import { useCurrentUser } from "../data/use-current-user.ts";
import { useDeferredArrival } from "../kit/deferred-render.tsx";
import { Alert } from "../kit/alert.tsx";
import { Button } from "../kit/button.tsx";
import { StatusMessage } from "../kit/status-message.tsx";
import { CreateLayout } from "./create-layout.tsx";
import { DetailsPanelLayout } from "./details-panel-layout.tsx";
import * as styles from "./layouts.css.ts";
import { MainLayout, type LayoutProps } from "./main-layout.tsx";
import { routeUserOf } from "./route-user.ts";

export type LayoutKind = RouteLayout;

const LAYOUTS: Readonly<Record<LayoutKind, (props: LayoutProps) => ReactNode>> = {
  main: MainLayout,
  create: CreateLayout,
  "details-panel": DetailsPanelLayout,
};

export type ShellRouteProps = {
  readonly route: AppRoute;
  readonly layout: LayoutKind;
  /** The page's name, shown while the user record loads or fails. */
  readonly title: string;
  readonly facts?: (user: CurrentUser | undefined, cached: CachedReader) => BreadcrumbFacts;
  readonly context?: RouteContext;
  readonly children: ReactNode | ((user: CurrentUser) => ReactNode);
};

// One application route: wait for the user record, then render the domain's decision
// (routeAccess) — the page in its layout, or a replacing redirect. No rule is decided here.
export function ShellRoute({ route, layout, title, facts, context, children }: ShellRouteProps) {
  const user = useCurrentUser();
  // The record's arrival mounts the page: in a deferred render, split into slices (issue 35).
  const userData = useDeferredArrival(user.data);
  const routeUser = useMemo(() => (userData === undefined ? undefined : routeUserOf(userData)), [userData]);
  const decision = routeAccess(route, routeUser, context);
  const Layout = LAYOUTS[layout];
  const cachedFacts = useCachedFacts(facts, userData);
  const breadcrumbs = breadcrumbsFor(route, cachedFacts);
  // The record's name once it is in the cache ("Abigail Sanchez – Patient"), the route's title until then.
  useRouteDocumentTitle(documentTitleFor(route, cachedFacts));

  if (decision.kind === "redirect" || decision.kind === "clearAndRedirect") return <Redirect key={decision.to} to={decision.to} replace />;
  // A page that renders before the user record arrives (the dashboard names itself at once) still
  // sits in a busy <main> until the record is here, so a screen reader hears it is not done.
  if (decision.kind === "allow" && typeof children !== "function") {
    return (
      <Layout breadcrumbs={breadcrumbs} busy={userData === undefined && !user.isError}>
        {children}
      </Layout>
    );
  }
  if (decision.kind === "allow" && userData !== undefined) {
    return <Layout breadcrumbs={breadcrumbs}>{typeof children === "function" ? children(userData) : children}</Layout>;
  }
  return (
    <Layout breadcrumbs={breadcrumbs} busy={!user.isError}>
      <RouteStatus title={title}>
        <StatusMessage busy={!user.isError}>{user.isError ? "" : "Loading this page…"}</StatusMessage>
        <Alert>{user.isError ? failureMessage(user.error) : null}</Alert>
        {user.isError ? (
          <Button variant="secondary" onPress={() => void user.refetch()}>
            Try again
          </Button>
        ) : null}
      </RouteStatus>
    </Layout>
  );
}

function RouteStatus({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.status}>
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/**
 * The page's breadcrumb facts, read again whenever the server-data cache changes (a record's name
 * arrives after the page loads it). Compared as text, so an unrelated cache change re-renders nothing.
 */
function useCachedFacts(facts: ShellRouteProps["facts"], user: CurrentUser | undefined): BreadcrumbFacts | undefined {
  const client = useQueryClient();
  // Only at events that can change some query's data: the cache raises dozens more while a page loads.
  const subscribe = useCallback((changed: () => void) => subscribeToCachedData(client.getQueryCache(), changed), [client]);
  const read = () => JSON.stringify(facts?.(user, (key) => client.getQueryData(key)) ?? null);
  const text = useSyncExternalStore(subscribe, read, read);
  return useMemo(() => (JSON.parse(text) as BreadcrumbFacts | null) ?? undefined, [text]);
}
