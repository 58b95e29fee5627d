/** `npm run perf`'s goals (see perf-goals.mjs). */
export declare const GOALS: {
  readonly signInJsKb: number;
  readonly dashboardJsKb: number;
  readonly lighthouseScore: number;
  readonly routeHeadingMs: number;
  readonly layoutShift: number;
  readonly sessionDetailToDashboard: number;
};
/** The names perf-routes.mjs gives the two routes the ratio compares. */
export declare const DASHBOARD_ROUTE: "/dashboard";
export declare const SESSION_DETAIL_ROUTE: "session detail";
/** The session detail's median heading over the dashboard's, both of one run; undefined unless both were measured. */
export declare const sessionDetailRatio: (routes: Readonly<Record<string, { readonly headingMs?: number | null } | undefined>>) => number | undefined;
