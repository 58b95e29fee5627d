import { APP_ROUTE } from "../shared/navigation/app-route.ts";
import { EXERCISE_FALLBACK, DETAIL_FALLBACK, orFallback } from "../shared/navigation/breadcrumbs.ts";
import { type RouteDeclaration, routeRule } from "../shared/navigation/route-declaration.ts";

/** Session review: one exercise's overview for a patient, and one session attempt by attempt. */
export const SESSION_REVIEW_ROUTES: readonly RouteDeclaration[] = [
  {
    id: APP_ROUTE.exerciseOverview,
    path: "/details-panel/patient/:id/level/:levelId",
    layout: "details-panel",
    title: "Exercise overview",
    rule: routeRule("patient", "retrieve"),
    area: "patients",
    crumb: { label: (facts) => orFallback(facts.gameName, EXERCISE_FALLBACK), parent: { route: APP_ROUTE.patientDetail } },
    ids: { id: "patientId", levelId: "levelId" },
    badIds: APP_ROUTE.patients,
  },
  {
    id: APP_ROUTE.sessionDetail,
    path: "/details-panel/patient/:id/level/:levelId/trend/:trendId",
    layout: "details-panel",
    title: "Session detail",
    // "Naming, 3 Nov 2026 10:15 – Session": the game and the time tell a patient's sessions apart.
    documentTitle: (facts) => {
      const named = [facts.gameName, facts.sessionStart].map((part) => part?.trim() ?? "").filter((part) => part !== "");
      return named.length === 0 ? null : `${named.join(", ")} – Session`;
    },
    rule: routeRule("patient", "retrieve"),
    area: "patients",
    crumb: { label: (facts) => orFallback(facts.sessionStart, DETAIL_FALLBACK), parent: { route: APP_ROUTE.exerciseOverview } },
    ids: { id: "patientId", levelId: "levelId", trendId: null },
    badIds: APP_ROUTE.patients,
  },
];
