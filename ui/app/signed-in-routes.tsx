import { lazy, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { routeId } from "../../domain/shared/navigation/route-id.ts";
import { isOwnInstitution, missingIdsTarget, PATIENTS_PATH } from "../../domain/shared/navigation/route-access.ts";
import { QueryClientScope } from "./query-client-scope.tsx";
import { DashboardPage } from "../features/dashboard/dashboard-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { SectionPage } from "../shell/section-page.tsx";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";
import type { SettingsTab } from "../features/account/settings-page.tsx";
import { SettingsLoading } from "../features/account/settings-loading.tsx";
import { routeUserOf } from "../shell/route-user.ts";
import { ShellRoute } from "../shell/shell-route.tsx";

// Settings (profile form, postal codes, second-factor changes with the phone rule and the QR code
// encoder) is its own chunk: the dashboard, where everyone lands, does not download it.
const SettingsPage = lazy(() => import("../features/account/settings-page.tsx").then((module) => ({ default: module.SettingsPage })));

const SETTINGS_TABS: readonly SettingsTab[] = ["profile", "security"];
const settingsTab = (raw: string): SettingsTab | undefined => SETTINGS_TABS.find((tab) => tab === raw);

// Spec section 2, the application routes. Every page sits behind its permission check
// (ShellRoute → routeAccess) in its layout. Areas later releases build show SectionPage.
// The data cache's provider (TanStack Query) comes with this chunk, not with the sign-in entry
// (docs/session.md, "Bundle"): every signed-in page reads and writes the one cache through it.
export function SignedInRoutes() {
  return (
    <QueryClientScope>
      <SignedInSwitch />
    </QueryClientScope>
  );
}

// Redirect routes carry keys for the reason given in app-routes.tsx.
function SignedInSwitch() {
  return (
    <Switch>
      <Route path="/dashboard">
        <ShellRoute route="dashboard" layout="main" title="Dashboard">
          <DashboardPage />
        </ShellRoute>
      </Route>

      <Route path="/admins">
        <ShellRoute route="admins" layout="main" title="Admins">
          <SectionPage title="Admins" />
        </ShellRoute>
      </Route>
      <Route path="/admins/:adminId">
        {({ adminId }) =>
          routeId(adminId) === null ? (
            <NotFoundPage />
          ) : (
            <ShellRoute route="admin-detail" layout="main" title="Administrator">
              <SectionPage title="Administrator" />
            </ShellRoute>
          )
        }
      </Route>
      <Route path="/create/organization/:organizationId/admin">
        {({ organizationId }) =>
          routeId(organizationId) === null ? (
            <NotFoundPage />
          ) : (
            <ShellRoute route="create-admin" layout="create" title="New administrator">
              <SectionPage title="New administrator" />
            </ShellRoute>
          )
        }
      </Route>

      <Route path="/organizations">
        <ShellRoute route="organizations" layout="main" title="Institutions">
          <SectionPage title="Institutions" />
        </ShellRoute>
      </Route>
      <Route path="/organizations/:organizationId">
        {({ organizationId }) => {
          const id = routeId(organizationId);
          if (id === null) return <NotFoundPage />;
          // The user's own institution is named from their record; any other waits for its page.
          const ownName = (user: CurrentUser | undefined) =>
            user !== undefined && isOwnInstitution(routeUserOf(user), id) ? user.institution?.name : undefined;
          return (
            <ShellRoute
              route="organization-detail"
              layout="main"
              title="Institution"
              facts={(user) => ({ institutionName: ownName(user) ?? null })}
            >
              {(user) => <SectionPage title={ownName(user) ?? "Institution"} />}
            </ShellRoute>
          );
        }}
      </Route>
      <Route path="/create/organization">
        <ShellRoute route="create-organization" layout="create" title="New institution">
          <SectionPage title="New institution" />
        </ShellRoute>
      </Route>

      <Route path="/exercises">
        <ShellRoute route="exercises" layout="main" title="Exercises">
          <SectionPage title="Exercises" />
        </ShellRoute>
      </Route>
      <Route path="/create/assign">
        {/* No exercise can be chosen yet (the exercises page comes later), so this route sends
            everyone back to /exercises, as the spec asks when nothing is selected. */}
        <ShellRoute route="create-assign" layout="create" title="Assign exercises" context={{ selectedGameCount: 0 }}>
          <SectionPage title="Assign exercises" />
        </ShellRoute>
      </Route>

      <Route path="/patients">
        <ShellRoute route="patients" layout="main" title="Patients">
          <SectionPage title="Patients" />
        </ShellRoute>
      </Route>
      <Route path="/create/patient">
        <ShellRoute route="create-patient" layout="create" title="New patient">
          <SectionPage title="New patient" />
        </ShellRoute>
      </Route>
      <Route path="/patient/:id">
        {({ id }) => {
          const patientId = routeId(id);
          const missing = missingIdsTarget([patientId]);
          if (missing !== null) return <Redirect key={missing} to={missing} replace />;
          return (
            <ShellRoute route="patient-detail" layout="main" title="Patient">
              <SectionPage title="Patient" />
            </ShellRoute>
          );
        }}
      </Route>
      <Route path="/details-panel/patient/:id/level/:levelId">
        {({ id, levelId }) => {
          const ids = { patientId: routeId(id), levelId: routeId(levelId) };
          const missing = missingIdsTarget([ids.patientId, ids.levelId]);
          if (missing !== null) return <Redirect key={missing} to={missing} replace />;
          return (
            <ShellRoute route="exercise-overview" layout="details-panel" title="Exercise overview" facts={() => ids}>
              <SectionPage title="Exercise overview" />
            </ShellRoute>
          );
        }}
      </Route>
      <Route path="/details-panel/patient/:id/level/:levelId/trend/:trendId">
        {({ id, levelId, trendId }) => {
          const ids = { patientId: routeId(id), levelId: routeId(levelId) };
          const missing = missingIdsTarget([ids.patientId, ids.levelId, routeId(trendId)]);
          if (missing !== null) return <Redirect key={missing} to={missing} replace />;
          return (
            <ShellRoute route="session-detail" layout="details-panel" title="Session detail" facts={() => ids}>
              <SectionPage title="Session detail" />
            </ShellRoute>
          );
        }}
      </Route>
      {/* /patient and any details-panel address without its ids: spec section 2 sends these to the list. */}
      <Route path={/^\/(?:patient|details-panel)(?:\/.*)?$/}>
        <Redirect key={PATIENTS_PATH} to={PATIENTS_PATH} replace />
      </Route>

      <Route path="/staff">
        <ShellRoute route="staff" layout="main" title="SLPs">
          <SectionPage title="SLPs" />
        </ShellRoute>
      </Route>
      <Route path="/create/staff">
        <ShellRoute route="create-staff" layout="create" title="New SLP">
          <SectionPage title="New SLP" />
        </ShellRoute>
      </Route>
      <Route path="/staff/:id">
        {({ id }) =>
          routeId(id) === null ? (
            <NotFoundPage />
          ) : (
            <ShellRoute route="staff-detail" layout="main" title="SLP">
              <SectionPage title="SLP" />
            </ShellRoute>
          )
        }
      </Route>

      <Route path="/rtm">
        <ShellRoute route="billing" layout="main" title="Billing">
          <SectionPage title="Billing" />
        </ShellRoute>
      </Route>
      <Route path="/slp-chat">
        <ShellRoute route="slp-chat" layout="main" title="SLP Chat">
          <SectionPage title="SLP Chat" />
        </ShellRoute>
      </Route>

      <Route path="/settings">
        <Redirect key="/settings/profile" to="/settings/profile" replace />
      </Route>
      <Route path="/settings/:tab">
        {({ tab }) => {
          const known = settingsTab(tab);
          if (known === undefined) return <NotFoundPage />;
          return (
            <ShellRoute route="settings" layout="main" title="Settings" facts={() => ({ settingsTab: known })}>
              <Suspense fallback={<SettingsLoading />}>
                <SettingsPage tab={known} />
              </Suspense>
            </ShellRoute>
          );
        }}
      </Route>

      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
