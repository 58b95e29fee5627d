import type { RoutePages } from "../../shell/route-page.ts";
import { DashboardPage } from "./dashboard-page.tsx";

/** The dashboard's page (domain/dashboard/routes.ts declares its route). */
export const DASHBOARD_PAGES: RoutePages = {
  dashboard: { render: () => <DashboardPage /> },
};
