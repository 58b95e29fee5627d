import { useCallback, useState } from "react";
import { formatDate } from "../../../domain/shared/format/date.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { StaffId } from "../../../domain/shared/ids.ts";
import { badgeTone } from "../../../domain/shared/statuses/staff-status.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import type { StaffMember } from "../../../domain/slps/index.ts";
import { slpAbilitiesOf } from "../../../domain/slps/slp-abilities.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Button } from "../../kit/button.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { StatusBadge } from "../../kit/status-badge.tsx";
import { InvitationPanel } from "../../people/invitation-panel.tsx";
import { StaffPatientsList } from "../patients/index.ts";
import { STAFF_STATUS_LABEL } from "./slp-labels.ts";
import { StaffEditSection } from "./staff-edit-section.tsx";
import { StaffStatusActions } from "./staff-status-actions.tsx";
import { useInvitationCalls, useStaffMember } from "./use-slps.ts";
import * as styles from "./slps.css.ts";

const orNone = (text: string | null | undefined) => (text === null || text === undefined || text.trim() === "" ? "Not given" : text);

function Fact({ term, children }: { readonly term: string; readonly children: React.ReactNode }) {
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.detail}>{children}</dd>
    </>
  );
}

// /staff/:id: one SLP's profile, contact information, status, caseload and invitation, with edit
// in place and the status actions the viewer may take, then the patients assigned to them.
// Heading and breadcrumb name the SLP once the record is in.
export function StaffDetailPage({ id, user }: { readonly id: string | undefined; readonly user: CurrentUser }) {
  const staffId = StaffId.make(routeId(id) ?? 0);
  const member = useStaffMember(staffId);
  return member.data === undefined ? (
    <div className={styles.page}>
      <h1 className={styles.heading}>SLP</h1>
      <QueryStatus query={member} loading="Loading the SLP…" status="" busy={member.isPending} />
    </div>
  ) : (
    <StaffRecord member={member.data} user={user} />
  );
}

function StaffRecord({ member, user }: { readonly member: StaffMember; readonly user: CurrentUser }) {
  const abilities = slpAbilitiesOf(user);
  const invitation = useInvitationCalls(member.id);
  const [editing, setEditing] = useState(false);
  const saved = useCallback(() => {
    setEditing(false);
    showToast({ title: "SLP saved" });
  }, []);
  const contact = member.contact_info;
  const name = `${member.first_name} ${member.last_name}`;

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>{name}</h1>
        <StatusBadge status={member.status} label={STAFF_STATUS_LABEL[member.status]} tone={badgeTone(member.status)} />
      </div>
      {editing ? (
        <section className={styles.section} aria-labelledby="edit-heading">
          <h2 id="edit-heading" className={styles.subheading}>
            Edit {name}
          </h2>
          <StaffEditSection member={member} onSaved={saved} onCancel={() => setEditing(false)} />
        </section>
      ) : (
        <>
          <div className={styles.actions}>
            {abilities.edit ? (
              <Button variant="secondary" onPress={() => setEditing(true)}>
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
              <Fact term="Email">{member.email}</Fact>
              <Fact term="Role">{member.role.title}</Fact>
              <Fact term="Added">{formatDate(member.created_at)}</Fact>
            </dl>
          </section>
          <section className={styles.section} aria-labelledby="caseload-heading">
            <h2 id="caseload-heading" className={styles.subheading}>
              Caseload
            </h2>
            <dl className={styles.facts}>
              <Fact term="Patients">{member.caseload.patients}</Fact>
              <Fact term="Active patients">{member.caseload.active_patients}</Fact>
            </dl>
          </section>
          <section className={styles.section} aria-labelledby="contact-heading">
            <h2 id="contact-heading" className={styles.subheading}>
              Contact information
            </h2>
            <dl className={styles.facts}>
              <Fact term="Phone">{orNone(contact.phone)}</Fact>
              <Fact term="Address">{orNone([contact.address_1, contact.address_2].filter((line) => (line ?? "") !== "").join(", "))}</Fact>
              <Fact term="City">{orNone(contact.city?.name)}</Fact>
              <Fact term="State or province">{orNone(contact.state?.name)}</Fact>
              <Fact term="Country">{orNone(contact.country?.name)}</Fact>
              <Fact term="Postal code">{orNone(contact.zip_code)}</Fact>
            </dl>
          </section>
          {abilities.seePatients ? <StaffPatientsList key={member.id} staffId={member.id} /> : null}
        </>
      )}
    </div>
  );
}
