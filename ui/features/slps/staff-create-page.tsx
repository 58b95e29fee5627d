import { useCallback } from "react";
import { useLocation } from "wouter";
import { hrefFor } from "../../../domain/routes.ts";
import type { StaffSave } from "../../../domain/slps/staff-form.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { StaffForm } from "./staff-form.tsx";
import { useCreateStaff } from "./use-slps.ts";
import * as styles from "./slps.css.ts";

// /create/staff: invite a new SLP. They are pending until they follow the e-mailed link, choose a
// password and complete their first sign-in; their record opens next.
export function StaffCreatePage() {
  const [, navigate] = useLocation();
  const create = useCreateStaff();
  const { mutateAsync } = create;
  const save = useCallback(
    async (save: StaffSave) => {
      if (save.kind !== "create") return;
      const member = await mutateAsync(save.body);
      showToast({ title: `Invitation sent to ${member.email}`, description: `${member.first_name} ${member.last_name} is pending until they accept it.` });
      navigate(hrefFor("staff-detail", { id: member.id }));
    },
    [mutateAsync, navigate],
  );
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>New SLP</h1>
      <p className={styles.lead}>Fields marked with an asterisk are required. The SLP gets an e-mail with a link to choose their password; it works for 72 hours.</p>
      <StaffForm record={null} submitLabel="Send invitation" onSave={save} isSaving={create.isPending} onCancel={() => navigate(hrefFor("staff", {}))} />
    </div>
  );
}
