import { APP_ROUTE } from "../shared/navigation/app-route.ts";
import { ROLE } from "../shared/roles.ts";
import { type RouteDeclaration, routeRule } from "../shared/navigation/route-declaration.ts";

/** The audit log viewer (issue 38, docs/audit-viewer.md): institution administrators and the super administrator. */
export const AUDIT_ROUTES: readonly RouteDeclaration[] = [
  {
    id: APP_ROUTE.audit,
    path: "/audit",
    layout: "main",
    title: "Audit log",
    rule: routeRule("audit_log", "list"),
    area: "audit",
    crumb: { label: "Audit log" },
    sidebar: { key: "audit", label: "Audit log", order: 9, resource: "audit_log", anyOf: ["list"], superAdmin: true },
  },
  {
    // HIPAA 164.528: one patient's accounting of disclosures, printable; opened from the patient's record.
    id: APP_ROUTE.auditDisclosures,
    path: "/audit/disclosures/:id",
    layout: "main",
    title: "Accounting of disclosures",
    rule: routeRule("audit_log", "list"),
    area: "audit",
    crumb: { label: "Accounting of disclosures", parent: { route: APP_ROUTE.audit } },
    ids: { id: "patientId" },
    badIds: APP_ROUTE.audit,
    // A patient's disclosures are patient data, which the super administrator never sees (the
    // server answers 403), though they hold audit_log list for the institution-level rows.
    guard: (user, _context, { hrefFor }) => (user.role === ROLE.superAdmin ? { kind: "redirect", to: hrefFor(APP_ROUTE.dashboard) } : undefined),
  },
];
