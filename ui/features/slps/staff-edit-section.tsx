import { useActorRef, useSelector } from "@xstate/react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { waitFor } from "xstate";
import type { StaffMember } from "../../../domain/slps/index.ts";
import { type StaffDraft, type StaffSave, staffConflict, staffValueText } from "../../../domain/slps/staff-form.ts";
import { isRecordSaveBusy } from "../../../machines/shared/record-edit.machine.ts";
import { ConflictPanel, conflictText } from "../../forms/conflict-panel.tsx";
import { StaffForm } from "./staff-form.tsx";
import { staffEditLogicFor } from "./slps-machines.ts";
import { slpsKeys } from "./slps-keys.ts";
import { useSlpsApi, useUpdateStaff } from "./use-slps.ts";
import * as styles from "./slps.css.ts";

/** The form's field labels, for the conflict table. */
const FIELD_LABEL: Readonly<Record<keyof StaffDraft, string>> = {
  first_name: "First name",
  last_name: "Last name",
  email: "Email",
  phone: "Phone number",
  address_1: "Address line 1",
  address_2: "Address line 2",
  zip_code: "Postal code",
  country: "Country",
  state: "State or province",
  city: "City",
};

type Props = {
  readonly member: StaffMember;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
};

// Editing an SLP in place through the record-edit flow: a save names the version the form was
// filled from; if someone else changed the SLP meanwhile, the conflict panel shows what changed
// above the form, which keeps everything typed until the person chooses.
export function StaffEditSection({ member, onSaved, onCancel }: Props) {
  const api = useSlpsApi();
  const client = useQueryClient();
  const update = useUpdateStaff(member.id);
  const { mutateAsync } = update;
  const logic = useMemo(
    () =>
      staffEditLogicFor({
        save: ({ draft, record }) => mutateAsync({ body: draft.body, version: record.version }),
        load: async ({ record }) => {
          const current = await api.getStaff(record.id);
          client.setQueryData(slpsKeys.detail(current.id), current);
          return current;
        },
      }),
    [api, client, mutateAsync],
  );
  const actor = useActorRef(logic, { input: { record: member } });
  const started = useSelector(actor, (snapshot) => snapshot.context.started);
  const inConflict = useSelector(actor, (snapshot) => snapshot.matches("conflict"));
  const busy = useSelector(actor, isRecordSaveBusy);
  const current = useSelector(actor, (snapshot) => snapshot.context.current);
  const mine = useSelector(actor, (snapshot) => snapshot.context.mine?.draft ?? null);
  const done = useSelector(actor, (snapshot) => snapshot.status === "done");
  const [formKey, setFormKey] = useState(0);
  const showTheirs = () => {
    actor.send({ type: "conflict.reload" });
    setFormKey((key) => key + 1);
  };

  useEffect(() => {
    if (done) onSaved();
  }, [done, onSaved]);

  const save = useCallback(
    async (save: StaffSave, draft: StaffDraft) => {
      if (save.kind !== "update") return;
      actor.send({ type: "edit.save", draft: { body: save.body, draft } });
      const settled = await waitFor(actor, (snapshot) => !isRecordSaveBusy(snapshot), { timeout: Number.POSITIVE_INFINITY });
      if (settled.matches("editing") && settled.context.failure !== null) throw settled.context.failure;
    },
    [actor],
  );

  // After a choice the panel is gone and focus goes back to the form's first field.
  const form = useRef<HTMLDivElement>(null);
  const wasInConflict = useRef(false);
  useEffect(() => {
    if (inConflict) wasInConflict.current = true;
    else if (wasInConflict.current) {
      wasInConflict.current = false;
      form.current?.querySelector<HTMLElement>("input:not([type=hidden])")?.focus();
    }
  }, [inConflict]);

  const rows =
    inConflict && current !== null && mine !== null
      ? staffConflict(started, current, mine).map((change) => ({
          field: change.field,
          label: FIELD_LABEL[change.field],
          theirs: conflictText(staffValueText(change.theirs)),
          mine: conflictText(staffValueText(change.mine)),
        }))
      : null;

  return (
    <div ref={form} className={styles.section}>
      {rows === null ? null : <ConflictPanel rows={rows} onShowTheirs={showTheirs} onSaveMine={() => actor.send({ type: "conflict.reapply" })} isSaving={busy} />}
      <StaffForm key={formKey} record={started} submitLabel="Save changes" onSave={save} isSaving={busy} onCancel={onCancel} />
    </div>
  );
}
