import { useCallback } from "react";
import { formatDate } from "../../../domain/shared/format/date.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { StaffId } from "../../../domain/shared/ids.ts";
import { badgeTone } from "../../../domain/shared/statuses/staff-status.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import type { StaffMember } from "../../../domain/slps/index.ts";
import { slpAbilitiesOf } from "../../../domain/slps/slp-abilities.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Button } from "../../kit/button.tsx";
import { StatusBadge } from "../../kit/status-badge.tsx";
import { InvitationPanel } from "../../people/invitation-panel.tsx";
import { StaffPatientsList } from "../patients/index.ts";
import { STAFF_STATUS_LABEL } from "./slp-labels.ts";
import { StaffEditSection } from "./staff-edit-section.tsx";
import { StaffStatusActions } from "./staff-status-actions.tsx";
import { useInvitationCalls, useStaffMember } from "./use-slps.ts";
import { ContactFacts } from "../../people/contact-facts.tsx";
import { RecordEditing, RecordFact, RecordHeader, RecordLoading } from "../../people/record-page.tsx";
import { useEditInPlace } from "../../people/use-edit-in-place.ts";
import * as styles from "./slps.css.ts";

// /staff/:id: one SLP's profile, contact information, status, caseload and invitation, with edit
// in place and the status actions the viewer may take, then the patients assigned to them.
// Heading and breadcrumb name the SLP once the record is in.
export function StaffDetailPage({ id, user }: { readonly id: string | undefined; readonly user: CurrentUser }) {
  const staffId = StaffId.make(routeId(id) ?? 0);
  const member = useStaffMember(staffId);
  return member.data === undefined ? (
    <RecordLoading noun="SLP" query={member} loading="Loading the SLP…" />
  ) : (
    <StaffRecord member={member.data} user={user} />
  );
}

function StaffRecord({ member, user }: { readonly member: StaffMember; readonly user: CurrentUser }) {
  const abilities = slpAbilitiesOf(user);
  const invitation = useInvitationCalls(member.id);
  const { editing, open, close } = useEditInPlace();
  const saved = useCallback(() => {
    close();
    showToast({ title: "SLP saved" });
  }, [close]);
  const name = `${member.first_name} ${member.last_name}`;

  return (
    <div className={styles.page}>
      <RecordHeader name={name}>
        <StatusBadge status={member.status} label={STAFF_STATUS_LABEL[member.status]} tone={badgeTone(member.status)} />
      </RecordHeader>
      {editing ? (
        <RecordEditing name={name}>
          <StaffEditSection member={member} onSaved={saved} onCancel={close} />
        </RecordEditing>
      ) : (
        <>
          <div className={styles.actions}>
            {abilities.edit ? (
              <Button variant="secondary" onPress={open}>
                Edit
              </Button>
            ) : null}
            <StaffStatusActions member={member} abilities={abilities} />
          </div>
          <InvitationPanel name={name} status={member.status} invitation={member.invitation} canManage={abilities.edit} resend={invitation.resend} revoke={invitation.revoke} />
          <section className={styles.section} aria-labelledby="profile-heading">
            <h2 id="profile-heading" className={styles.subheading}>
              Profile
            </h2>
            <dl className={styles.facts}>
              <RecordFact term="Email">{member.email}</RecordFact>
              <RecordFact term="Role">{member.role.title}</RecordFact>
              <RecordFact term="Added">{formatDate(member.created_at)}</RecordFact>
            </dl>
          </section>
          <section className={styles.section} aria-labelledby="caseload-heading">
            <h2 id="caseload-heading" className={styles.subheading}>
              Caseload
            </h2>
            <dl className={styles.facts}>
              <RecordFact term="Patients">{member.caseload.patients}</RecordFact>
              <RecordFact term="Active patients">{member.caseload.active_patients}</RecordFact>
            </dl>
          </section>
          <ContactFacts contact={member.contact_info} />
          {abilities.seePatients ? <StaffPatientsList key={member.id} staffId={member.id} /> : null}
        </>
      )}
    </div>
  );
}
