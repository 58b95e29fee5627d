import { APP_ROUTE } from "../shared/navigation/app-route.ts";
import { personLabel } from "../shared/navigation/breadcrumbs.ts";
import { type RouteDeclaration, type RouteRedirect, routeRule } from "../shared/navigation/route-declaration.ts";

/** Patients: the list, a new patient, one patient's record. */
export const PATIENT_ROUTES: readonly RouteDeclaration[] = [
  {
    id: APP_ROUTE.patients,
    path: "/patients",
    layout: "main",
    title: "Patients",
    rule: routeRule("patient", "list"),
    area: "patients",
    crumb: { label: "Patients" },
    sidebar: { key: "patients", label: "Patients", order: 5, resource: "patient", anyOf: ["list", "retrieve"], superAdmin: true },
  },
  {
    id: APP_ROUTE.createPatient,
    path: "/create/patient",
    layout: "create",
    title: "New patient",
    rule: routeRule("patient", "create"),
    area: "patients",
    crumb: { label: "New patient", parent: { route: APP_ROUTE.patients } },
  },
  {
    id: APP_ROUTE.patientDetail,
    path: "/patient/:id",
    layout: "main",
    title: "Patient",
    rule: routeRule("patient", "retrieve"),
    area: "patients",
    crumb: { label: (facts) => personLabel(facts.patient), parent: { route: APP_ROUTE.patients } },
    ids: { id: "patientId" },
    // Spec section 2: a patient page without its id has nothing to show and goes back to the list.
    badIds: APP_ROUTE.patients,
  },
];

/** Spec section 2: `/patient` and any details-panel address without its ids go to the list. */
export const PATIENT_REDIRECTS: readonly RouteRedirect[] = [{ from: /^\/(?:patient|details-panel)(?:\/.*)?$/, to: APP_ROUTE.patients }];

