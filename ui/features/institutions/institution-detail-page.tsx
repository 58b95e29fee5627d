import { institutionAbilitiesOf } from "../../../domain/institutions/institution-abilities.ts";
import { lazy, Suspense, useCallback } from "react";
import { type Institution, supplyKindText } from "../../../domain/institutions/index.ts";
import { hrefFor } from "../../../domain/routes.ts";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Button } from "../../kit/button.tsx";
import { recordRefusal } from "../../data/retry-policy.ts";
import { RecordUnavailable } from "../../shell/record-unavailable.tsx";
import { InstitutionAdministrators } from "../administrators/index.ts";
import { InstitutionEditSection } from "./institution-edit-section.tsx";
import { InstitutionGames } from "./institution-games.tsx";
import { useInstitution } from "./use-institutions.ts";
import { AfterHeading } from "../../kit/after-heading.tsx";
import { RecordEditing, RecordFact, RecordHeader, RecordLoading } from "../../people/record-page.tsx";
import { useEditInPlace } from "../../people/use-edit-in-place.ts";
import * as styles from "./institutions.css.ts";

// Billing's notice is loaded only when shown, and after the heading (issue 35), so the institution
// page does not carry the billing chunk.
// The progress-report rule is its own chunk too, shown only to the institution's own administrators.
const ReportSettingsSection = lazy(() => import("../progress-reports/index.ts").then((module) => ({ default: module.ReportSettingsSection })));
const SupplyKindNotice = lazy(() => import("../billing/index.ts").then((module) => ({ default: module.SupplyKindNotice })));

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
    <RecordLoading noun="Institution" query={institution} loading="Loading the institution…" />
  ) : (
    <InstitutionRecord institution={institution.data} user={user} />
  );
}

function InstitutionRecord({ institution, user }: { readonly institution: Institution; readonly user: CurrentUser }) {
  const abilities = institutionAbilitiesOf(user);
  const { editing, open, close } = useEditInPlace();
  const saved = useCallback(() => {
    close();
    showToast({ title: "Institution saved" });
  }, [close]);

  return (
    <div className={styles.page}>
      <RecordHeader name={institution.name} />
      {editing ? (
        <RecordEditing name={institution.name}>
          <InstitutionEditSection institution={institution} onSaved={saved} onCancel={close} />
        </RecordEditing>
      ) : (
        <>
          {/* Remote monitoring cannot bill a supply code until the kind is chosen (issue 31): say so where it is chosen. */}
          {institution.rtm_supply_kind === null && user.institution?.id === institution.id ? (
            <AfterHeading>
              <Suspense fallback={null}>
                <SupplyKindNotice user={user} withLink={false} />
              </Suspense>
            </AfterHeading>
          ) : null}
          {abilities.edit ? (
            <div className={styles.actions}>
              <Button variant="secondary" onPress={open}>
                Edit
              </Button>
            </div>
          ) : null}
          <section className={styles.section} aria-labelledby="about-heading">
            <h2 id="about-heading" className={styles.subheading}>
              About
            </h2>
            <dl className={styles.facts}>
              <RecordFact term="Allowed e-mail domains">{institution.allowed_domains.length === 0 ? "Any domain" : institution.allowed_domains.join(", ")}</RecordFact>
              <RecordFact term="Description" lines>{institution.description.trim() === "" ? "No description" : institution.description}</RecordFact>
              <RecordFact term="Remote monitoring supply codes">{supplyKindText(institution.rtm_supply_kind)}</RecordFact>
            </dl>
          </section>
          <InstitutionGames institution={institution} canAssign={abilities.assignGames} />
          {abilities.seeAdministrators ? (
            <InstitutionAdministrators institutionId={institution.id} institutionName={institution.name} canCreate={abilities.addAdministrator} />
          ) : null}
          {user.role.code_name === "institution_admin" && user.institution?.id === institution.id ? (
            <Suspense fallback={null}>
              <ReportSettingsSection institutionId={institution.id} />
            </Suspense>
          ) : null}
        </>
      )}
    </div>
  );
}
