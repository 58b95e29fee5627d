import { APP_ROUTE } from "../shared/navigation/app-route.ts";
import { type RouteDeclaration, type RouteRedirect, routeRule } from "../shared/navigation/route-declaration.ts";

/** The tabs of Settings; each is a page of its own (`/settings/profile`, `/settings/security`). */
export const SETTINGS_TABS = ["profile", "security"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tab an address names, or undefined for an unknown one (the not-found page). */
export const settingsTabOf = (raw: string | undefined): SettingsTab | undefined => SETTINGS_TABS.find((tab) => tab === raw);

/** Settings: the signed-in person's own profile and security. */
export const ACCOUNT_ROUTES: readonly RouteDeclaration[] = [
  {
    id: APP_ROUTE.settings,
    path: "/settings/:tab",
    layout: "main",
    title: "Settings",
    rule: routeRule("settings", "manage"),
    area: null,
    // Design choice: the settings tabs are pages of their own, so the trail names the tab.
    crumb: {
      label: (facts) => (facts.settingsTab === "security" ? "Security" : "Profile"),
      parent: { route: APP_ROUTE.settings, label: "Settings", params: { tab: "profile" } },
    },
  },
];

/** `/settings` opens its first tab. */
export const ACCOUNT_REDIRECTS: readonly RouteRedirect[] = [{ from: "/settings", to: APP_ROUTE.settings, params: { tab: "profile" } }];

