// `npm run perf`'s goals (scripts/perf.mjs reports each figure beside its goal), in a file of their
// own so tests read them without loading the browsers and Lighthouse.

/**
 * The issue 9 goals, and issue 23's: every route's heading within 2.5 s; issue 35's: a session's
 * detail within 1.25 times the dashboard's heading of the same run. Reported beside each figure.
 */
export const GOALS = { signInJsKb: 160, dashboardJsKb: 230, lighthouseScore: 90, routeHeadingMs: 2500, layoutShift: 0.05, sessionDetailToDashboard: 1.25 };

/** The names perf-routes.mjs gives the two routes the ratio compares (the keys of its result). */
export const DASHBOARD_ROUTE = "/dashboard";
export const SESSION_DETAIL_ROUTE = "session detail";

/** The session detail's median heading over the dashboard's, both of one run (undefined unless both were measured). */
export const sessionDetailRatio = (routes) => {
  const dashboard = routes[DASHBOARD_ROUTE]?.headingMs;
  const detail = routes[SESSION_DETAIL_ROUTE]?.headingMs;
  return typeof dashboard === "number" && typeof detail === "number" && dashboard > 0 ? detail / dashboard : undefined;
};
