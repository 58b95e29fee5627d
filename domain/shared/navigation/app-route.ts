/**
 * The application routes of spec section 2, by name: the vocabulary route declarations and pages
 * share. Paths are not here: each is written once, in its feature's route declaration
 * (docs/routes.md).
 */
export const APP_ROUTE = {
  dashboard: "dashboard",
  admins: "admins",
  adminDetail: "admin-detail",
  createAdmin: "create-admin",
  organizations: "organizations",
  organizationDetail: "organization-detail",
  createOrganization: "create-organization",
  exercises: "exercises",
  createAssign: "create-assign",
  patients: "patients",
  createPatient: "create-patient",
  patientDetail: "patient-detail",
  exerciseOverview: "exercise-overview",
  sessionDetail: "session-detail",
  staff: "staff",
  createStaff: "create-staff",
  staffDetail: "staff-detail",
  billing: "billing",
  billingMonthEnd: "billing-month-end",
  slpChat: "slp-chat",
  settings: "settings",
  audit: "audit",
  auditDisclosures: "audit-disclosures",
} as const;
export type AppRoute = (typeof APP_ROUTE)[keyof typeof APP_ROUTE];
export const APP_ROUTES: readonly AppRoute[] = Object.values(APP_ROUTE);
