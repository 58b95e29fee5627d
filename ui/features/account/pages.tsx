import { pageChunk } from "../../shell/page-chunk.tsx";
import { settingsTabOf } from "../../../domain/account/routes.ts";
import type { RoutePages } from "../../shell/route-page.ts";
import { SettingsLoading } from "./settings-loading.tsx";
import { ACCOUNT_PAGE_CODE } from "./page-code.ts";

// Settings (profile form, postal codes, second-factor changes with the phone rule and the QR code
// encoder) is its own chunk: the dashboard, where everyone lands, does not download it.
const SettingsPage = pageChunk(() => ACCOUNT_PAGE_CODE.settings().then((module) => module.SettingsPage), <SettingsLoading />);

/** Settings' page (domain/account/routes.ts declares its route); an unknown tab is not found. */
export const ACCOUNT_PAGES: RoutePages = {
  settings: {
    accepts: (params) => settingsTabOf(params.tab) !== undefined,
    facts: (params) => ({ settingsTab: settingsTabOf(params.tab) ?? "profile" }),
    preload: SettingsPage.preload,
    render: (params) => <SettingsPage tab={settingsTabOf(params.tab) ?? "profile"} />,
  },
};
