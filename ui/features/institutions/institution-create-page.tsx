import { useCallback } from "react";
import { useLocation } from "wouter";
import type { InstitutionFields } from "../../../adapters/institutions/index.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { InstitutionForm } from "./institution-form.tsx";
import { useCreateInstitution } from "./use-institutions.ts";
import * as styles from "./institutions.css.ts";

const EMPTY: InstitutionFields = { name: "", allowed_domains: [], description: "" };

// /create/organization: a new institution's name, allowed domains and description, on the
// institution-form machine (the form checks and sends; this page's save is its POST); the new
// institution's page opens next, where its games and first administrator are added.
export function InstitutionCreatePage() {
  const [, navigate] = useLocation();
  const { mutateAsync } = useCreateInstitution();
  const save = useCallback(
    async (fields: InstitutionFields) => {
      const institution = await mutateAsync(fields);
      showToast({ title: "Institution added", description: `${institution.name} is ready: choose its games and invite its first administrator.` });
      navigate(hrefFor("organization-detail", { organizationId: institution.id }));
    },
    [mutateAsync, navigate],
  );
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>New institution</h1>
      <p className={styles.lead}>Fields marked with an asterisk are required.</p>
      <InstitutionForm initial={EMPTY} submitLabel="Add institution" onSave={save} onCancel={() => navigate(hrefFor("organizations", {}))} />
    </div>
  );
}
