// The audit log viewer's server side (issue 38, docs/audit-viewer.md): the list, its export, the
// two reports and the review sign-off, read through the caller's visibility (audit-scope.ts).
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { registerAuditPeopleRoute } from "./audit-people-route.ts";
import { registerAuditReviewRoutes } from "./audit-review-routes.ts";
import { registerAuditRoutes } from "./audit-routes.ts";
import { registerDisclosureRoutes } from "./disclosure-routes.ts";

/** The hook an export that leaves the institution calls to enter each patient it carries in the accounting of disclosures. */
export { recordDisclosure, type DisclosureEntry } from "./disclosure-register.ts";

/** Registers every call of the audit viewer. */
export const registerAuditViewerRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {
  registerAuditRoutes(app, deps);
  registerAuditReviewRoutes(app, deps);
  registerAuditPeopleRoute(app, deps);
  registerDisclosureRoutes(app, deps);
};
