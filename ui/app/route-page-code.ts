import type { AppRoute } from "../../domain/shared/navigation/app-route.ts";

/**
 * The lazy page module each route shows, by route id: the same imports the features' pages.tsx
 * hand to React.lazy, so both name one chunk and the browser fetches it once. The signed-in area
 * starts the arrival page's download from here as soon as its own code runs (issue 23), alongside
 * the user record, instead of after it. A route missing here (the dashboard is inside the
 * signed-in chunk) simply waits for its render.
 */
export const ROUTE_PAGE_CODE: Readonly<Partial<Record<AppRoute, () => Promise<unknown>>>> = {
  settings: () => import("../features/account/settings-page.tsx"),
  admins: () => import("../features/administrators/administrators-list-page.tsx"),
  "admin-detail": () => import("../features/administrators/administrator-detail-page.tsx"),
  "create-admin": () => import("../features/administrators/administrator-create-page.tsx"),
  billing: () => import("../features/billing/rtm-page.tsx"),
  exercises: () => import("../features/exercises/exercises-page-by-role.tsx"),
  "create-assign": () => import("../features/exercises/assign-page.tsx"),
  organizations: () => import("../features/institutions/institutions-list-page.tsx"),
  "organization-detail": () => import("../features/institutions/institution-detail-page.tsx"),
  "create-organization": () => import("../features/institutions/institution-create-page.tsx"),
  patients: () => import("../features/patients/patients-list-page.tsx"),
  "create-patient": () => import("../features/patients/patient-create-page.tsx"),
  "patient-detail": () => import("../features/patients/patient-detail-page.tsx"),
  "exercise-overview": () => import("../features/session-review/exercise-overview-page.tsx"),
  "session-detail": () => import("../features/session-review/session-detail-page.tsx"),
  staff: () => import("../features/slps/staff-list-page.tsx"),
  "create-staff": () => import("../features/slps/staff-create-page.tsx"),
  "staff-detail": () => import("../features/slps/staff-detail-page.tsx"),
};
