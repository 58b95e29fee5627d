import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { StaffId } from "../../../domain/shared/ids.ts";
import { StaffPatientsList } from "../patients/index.ts";
import * as styles from "../../shell/content-page.css.ts";

// /staff/:id, the SLP's record. For now it holds the patients assigned to them (loaded page by
// page); the profile, contact information and status actions come with the SLPs screens.
export function StaffDetailPage({ id }: { readonly id: string | undefined }) {
  const staffId = routeId(id);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>SLP</h1>
      {staffId === null ? null : <StaffPatientsList key={staffId} staffId={StaffId.make(staffId)} />}
    </div>
  );
}
