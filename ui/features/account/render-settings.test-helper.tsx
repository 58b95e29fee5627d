import { render } from "@testing-library/react";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { AppServices } from "../../services/app-services.ts";
import { QueryClientScope } from "../../data/query-client-scope.tsx";
import { AppRouterProvider } from "../../shell/router-provider.tsx";
import { ServicesProvider } from "../../services/services-context.tsx";
import { SettingsPage } from "./settings-page.tsx";

// jsdom has no CSS.escape, which React Aria's tabs and modal call (selection keys, CSP meta
// lookup); escaping every non-word character is enough for the ids and names used here.
if (typeof globalThis.CSS === "undefined") {
  Object.defineProperty(globalThis, "CSS", {
    value: { escape: (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`) },
    configurable: true,
  });
}

/** The settings page at `path` with the app's real services and router provider; keyed routes, as the app routes pages (each tab mounts a new page). */
export const renderSettings = (services: AppServices, path: "/settings/profile" | "/settings/security") => {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <ServicesProvider services={services}>
      <QueryClientScope>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <AppRouterProvider>
            <Switch>
              <Route key="/settings/profile" path="/settings/profile">
                <SettingsPage tab="profile" />
              </Route>
              <Route key="/settings/security" path="/settings/security">
                <SettingsPage tab="security" />
              </Route>
            </Switch>
          </AppRouterProvider>
        </Router>
      </QueryClientScope>
    </ServicesProvider>,
  );
  return { location, view };
};
