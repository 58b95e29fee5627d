import { getsSlpDashboard } from "../../../domain/shared/permissions/route-rules.ts";
import { ROLE } from "../../../domain/shared/roles.ts";
import { auditAbilitiesOf } from "../../../domain/audit/index.ts";
import { useDocumentTitle } from "../../shell/use-document-title.ts";
import { useCurrentUser } from "../../data/use-current-user.ts";
import * as styles from "./dashboard.css.ts";
import { OverviewDashboard } from "./overview-dashboard.tsx";
import { SlpDashboard } from "./slp-dashboard.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";

// /dashboard shows the SLP their patients to review and everyone else the institution overview
// (spec section 2); which one depends on the role on the server's own user record.
export function DashboardPage() {
  useDocumentTitle("Dashboard");
  const user = useCurrentUser();
  if (user.isSuccess) {
    const role = user.data.role.code_name;
    return getsSlpDashboard(role) ? <SlpDashboard /> : <OverviewDashboard allInstitutions={role === ROLE.superAdmin} auditLog={auditAbilitiesOf(user.data).view} />;
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Dashboard</h1>
      <QueryStatus query={user} loading="Loading your dashboard…" />
    </div>
  );
}
