import { institutionAbilitiesOf } from "../../../domain/institutions/institution-abilities.ts";
import { lazy, Suspense, useCallback, useState } from "react";
import { type Institution, supplyKindText } from "../../../domain/institutions/index.ts";
import { hrefFor } from "../../../domain/routes.ts";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Button } from "../../kit/button.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { recordRefusal } from "../../data/retry-policy.ts";
import { RecordUnavailable } from "../../shell/record-unavailable.tsx";
import { InstitutionAdministrators } from "../administrators/index.ts";
import { InstitutionEditSection } from "./institution-edit-section.tsx";
import { InstitutionGames } from "./institution-games.tsx";
import { useInstitution } from "./use-institutions.ts";
import * as styles from "./institutions.css.ts";

// Billing's notice is loaded only when shown, so the institution page does not carry the billing chunk.
const SupplyKindNotice = lazy(() => import("../billing/index.ts").then((module) => ({ default: module.SupplyKindNotice })));

function Fact({ term, children }: { readonly term: string; readonly children: React.ReactNode }) {
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.detail}>{children}</dd>
    </>
  );
}

/** From a refused institution: a super administrator back to the list, anyone else to their own institution. */
const wayBack = (user: CurrentUser): { readonly href: string; readonly label: string } =>
  user.institution === null
    ? { href: hrefFor("organizations", {}), label: "Back to institutions" }
    : { href: hrefFor("organization-detail", { organizationId: user.institution.id }), label: `Go to ${user.institution.name}` };

// /organizations/:organizationId: an institution's name, allowed domains and description (edited
// in place), the games it offers, and its administrators. Heading and breadcrumb name it.
export function InstitutionDetailPage({ id, user }: { readonly id: InstitutionId; readonly user: CurrentUser }) {
  const institution = useInstitution(id);
  const refusal = institution.data === undefined ? recordRefusal(institution.error) : null;
  if (refusal !== null) return <RecordUnavailable refusal={refusal} noun="institution" back={wayBack(user)} />;
  return institution.data === undefined ? (
    <div className={styles.page}>
      <h1 className={styles.heading}>Institution</h1>
      <QueryStatus query={institution} loading="Loading the institution…" status="" busy={institution.isPending} />
    </div>
  ) : (
    <InstitutionRecord institution={institution.data} user={user} />
  );
}

function InstitutionRecord({ institution, user }: { readonly institution: Institution; readonly user: CurrentUser }) {
  const abilities = institutionAbilitiesOf(user);
  const [editing, setEditing] = useState(false);
  const saved = useCallback(() => {
    setEditing(false);
    showToast({ title: "Institution saved" });
  }, []);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>{institution.name}</h1>
      </div>
      {editing ? (
        <section className={styles.section} aria-labelledby="edit-heading">
          <h2 id="edit-heading" className={styles.subheading}>
            Edit {institution.name}
          </h2>
          <InstitutionEditSection institution={institution} onSaved={saved} onCancel={() => setEditing(false)} />
        </section>
      ) : (
        <>
          {/* Remote monitoring cannot bill a supply code until the kind is chosen (issue 31): say so where it is chosen. */}
          {institution.rtm_supply_kind === null && user.institution?.id === institution.id ? (
            <Suspense fallback={null}>
              <SupplyKindNotice user={user} withLink={false} />
            </Suspense>
          ) : null}
          {abilities.edit ? (
            <div className={styles.actions}>
              <Button variant="secondary" onPress={() => setEditing(true)}>
                Edit
              </Button>
            </div>
          ) : null}
          <section className={styles.section} aria-labelledby="about-heading">
            <h2 id="about-heading" className={styles.subheading}>
              About
            </h2>
            <dl className={styles.facts}>
              <Fact term="Allowed e-mail domains">{institution.allowed_domains.length === 0 ? "Any domain" : institution.allowed_domains.join(", ")}</Fact>
              <Fact term="Description">{institution.description.trim() === "" ? "No description" : institution.description}</Fact>
              <Fact term="Remote monitoring supply codes">{supplyKindText(institution.rtm_supply_kind)}</Fact>
            </dl>
          </section>
          <InstitutionGames institution={institution} canAssign={abilities.assignGames} />
          {abilities.seeAdministrators ? (
            <InstitutionAdministrators institutionId={institution.id} institutionName={institution.name} canCreate={abilities.addAdministrator} />
          ) : null}
        </>
      )}
    </div>
  );
}
