import { getsSlpDashboard } from "../../../domain/shared/permissions/route-rules.ts";
import { ROLE } from "../../../domain/shared/roles.ts";
import { auditAbilitiesOf } from "../../../domain/audit/index.ts";
import { useDocumentTitle } from "../../shell/use-document-title.ts";
import { useCurrentUser } from "../../data/use-current-user.ts";
import * as styles from "./dashboard.css.ts";
import { OverviewDashboard } from "./overview-dashboard.tsx";
import { SlpDashboard } from "./slp-dashboard.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { useDeferredArrival } from "../../kit/deferred-render.tsx";

// /dashboard shows the SLP their patients to review and everyone else the institution overview
// (spec section 2); which one depends on the role on the server's own user record.
export function DashboardPage() {
  useDocumentTitle("Dashboard");
  const user = useCurrentUser();
  // The record's arrival mounts the whole dashboard: in a deferred render, split into slices (issue 35).
  const userData = useDeferredArrival(user.data);
  if (userData !== undefined) {
    const role = userData.role.code_name;
    return getsSlpDashboard(role) ? <SlpDashboard /> : <OverviewDashboard allInstitutions={role === ROLE.superAdmin} auditLog={auditAbilitiesOf(userData).view} />;
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Dashboard</h1>
      {/* The record can be in a render before the dashboard it mounts: still loading until then. */}
      <QueryStatus query={user} loading="Loading your dashboard…" status={user.isError ? "" : "Loading your dashboard…"} busy={!user.isError} />
    </div>
  );
}
