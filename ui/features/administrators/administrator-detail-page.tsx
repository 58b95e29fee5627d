import { useCallback, useState } from "react";
import type { Administrator } from "../../../domain/administrators/administrators-wire.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { formatDate } from "../../../domain/shared/format/date.ts";
import type { AdministratorId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Button } from "../../kit/button.tsx";
import { Link } from "../../kit/link.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { recordRefusal } from "../../data/retry-policy.ts";
import { RecordUnavailable } from "../../shell/record-unavailable.tsx";
import { InvitationPanel } from "../../people/invitation-panel.tsx";
import { administratorAbilitiesOf } from "../../../domain/administrators/administrator-abilities.ts";
import { AdministratorEditForm } from "./administrator-edit-form.tsx";
import { AdministratorStatusActions } from "./administrator-status-actions.tsx";
import { AdministratorStatus } from "./administrators-table.tsx";
import { useAdministrator, useInvitationCalls } from "./use-administrators.ts";
import * as styles from "./administrators.css.ts";

function Fact({ term, children }: { readonly term: string; readonly children: React.ReactNode }) {
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.detail}>{children}</dd>
    </>
  );
}

// /admins/:adminId: one administrator's profile, status and invitation, with edit in place and
// the status actions the viewer may take. Heading and breadcrumb name the person.
export function AdministratorDetailPage({ id, user }: { readonly id: AdministratorId; readonly user: CurrentUser }) {
  const administrator = useAdministrator(id);
  const refusal = administrator.data === undefined ? recordRefusal(administrator.error) : null;
  if (refusal !== null) return <RecordUnavailable refusal={refusal} noun="administrator" back={{ href: hrefFor("admins", {}), label: "Back to administrators" }} />;
  return administrator.data === undefined ? (
    <div className={styles.page}>
      <h1 className={styles.heading}>Administrator</h1>
      <QueryStatus query={administrator} loading="Loading the administrator…" status="" busy={administrator.isPending} />
    </div>
  ) : (
    <AdministratorRecord administrator={administrator.data} user={user} />
  );
}

function AdministratorRecord({ administrator, user }: { readonly administrator: Administrator; readonly user: CurrentUser }) {
  const abilities = administratorAbilitiesOf(user);
  const [editing, setEditing] = useState(false);
  const invitation = useInvitationCalls(administrator.id);
  const saved = useCallback(() => {
    setEditing(false);
    showToast({ title: "Administrator saved" });
  }, []);
  const name = `${administrator.first_name} ${administrator.last_name}`;

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>{name}</h1>
        <AdministratorStatus administrator={administrator} />
      </div>
      {editing ? (
        <section className={styles.section} aria-labelledby="edit-heading">
          <h2 id="edit-heading" className={styles.subheading}>
            Edit {name}
          </h2>
          <AdministratorEditForm administrator={administrator} onSaved={saved} onCancel={() => setEditing(false)} />
        </section>
      ) : (
        <>
          <div className={styles.actions}>
            {abilities.edit ? (
              <Button variant="secondary" onPress={() => setEditing(true)}>
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
              <Fact term="Email">{administrator.email}</Fact>
              <Fact term="Role">{administrator.role.title}</Fact>
              <Fact term="Phone">{administrator.phone ?? "Not given"}</Fact>
              <Fact term="Added">{formatDate(administrator.created_at)}</Fact>
              {abilities.openInstitution ? (
                <Fact term="Institution">
                  <Link href={hrefFor("organization-detail", { organizationId: administrator.institution })}>Open the institution</Link>
                </Fact>
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
