import { useCallback } from "react";
import type { Administrator } from "../../../domain/administrators/administrators-wire.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { formatDate } from "../../../domain/shared/format/date.ts";
import type { AdministratorId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Button } from "../../kit/button.tsx";
import { Link } from "../../kit/link.tsx";
import { recordRefusal } from "../../data/retry-policy.ts";
import { RecordUnavailable } from "../../shell/record-unavailable.tsx";
import { InvitationPanel } from "../../people/invitation-panel.tsx";
import { administratorAbilitiesOf } from "../../../domain/administrators/administrator-abilities.ts";
import { AdministratorEditForm } from "./administrator-edit-form.tsx";
import { AdministratorStatusActions } from "./administrator-status-actions.tsx";
import { AdministratorStatus } from "./administrators-table.tsx";
import { useAdministrator, useInvitationCalls } from "./use-administrators.ts";
import { RecordEditing, RecordFact, RecordHeader, RecordLoading } from "../../people/record-page.tsx";
import { useEditInPlace } from "../../people/use-edit-in-place.ts";
import * as styles from "./administrators.css.ts";

// /admins/:adminId: one administrator's profile, status and invitation, with edit in place and
// the status actions the viewer may take. Heading and breadcrumb name the person.
export function AdministratorDetailPage({ id, user }: { readonly id: AdministratorId; readonly user: CurrentUser }) {
  const administrator = useAdministrator(id);
  const refusal = administrator.data === undefined ? recordRefusal(administrator.error) : null;
  if (refusal !== null) return <RecordUnavailable refusal={refusal} noun="administrator" back={{ href: hrefFor("admins", {}), label: "Back to administrators" }} />;
  return administrator.data === undefined ? (
    <RecordLoading noun="Administrator" query={administrator} loading="Loading the administrator…" />
  ) : (
    <AdministratorRecord administrator={administrator.data} user={user} />
  );
}

function AdministratorRecord({ administrator, user }: { readonly administrator: Administrator; readonly user: CurrentUser }) {
  const abilities = administratorAbilitiesOf(user);
  const { editing, open, close } = useEditInPlace();
  const invitation = useInvitationCalls(administrator.id);
  const saved = useCallback(() => {
    close();
    showToast({ title: "Administrator saved" });
  }, [close]);
  const name = `${administrator.first_name} ${administrator.last_name}`;

  return (
    <div className={styles.page}>
      <RecordHeader name={name}>
        <AdministratorStatus administrator={administrator} />
      </RecordHeader>
      {editing ? (
        <RecordEditing name={name}>
          <AdministratorEditForm administrator={administrator} onSaved={saved} onCancel={close} />
        </RecordEditing>
      ) : (
        <>
          <div className={styles.actions}>
            {abilities.edit ? (
              <Button variant="secondary" onPress={open}>
                Edit
              </Button>
            ) : null}
          </div>
          <AdministratorStatusActions administrator={administrator} abilities={abilities} />
          <section className={styles.section} aria-labelledby="profile-heading">
            <h2 id="profile-heading" className={styles.subheading}>
              Profile
            </h2>
            <dl className={styles.facts}>
              <RecordFact term="Email">{administrator.email}</RecordFact>
              <RecordFact term="Role">{administrator.role.title}</RecordFact>
              <RecordFact term="Phone">{administrator.phone ?? "Not given"}</RecordFact>
              <RecordFact term="Added">{formatDate(administrator.created_at)}</RecordFact>
              {abilities.openInstitution ? (
                <RecordFact term="Institution">
                  <Link href={hrefFor("organization-detail", { organizationId: administrator.institution })}>Open the institution</Link>
                </RecordFact>
              ) : null}
            </dl>
          </section>
          <InvitationPanel
            name={name}
            status={administrator.status}
            invitation={administrator.invitation}
            canManage={abilities.edit}
            resend={invitation.resend}
            revoke={invitation.revoke}
          />
        </>
      )}
    </div>
  );
}
