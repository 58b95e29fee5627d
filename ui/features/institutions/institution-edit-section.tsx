import { useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { waitFor } from "xstate";
import type { InstitutionFields } from "../../../adapters/institutions/index.ts";
import type { Institution } from "../../../domain/institutions/index.ts";
import { STALE_VERSION_STATUS } from "../../../domain/shared/record-conflict.ts";
import { VERSION_FIELD } from "../../../domain/shared/record-version.ts";
import { isRecordSaveBusy } from "../../../machines/shared/record-edit.machine.ts";
import { ConflictPanel, conflictText } from "../../forms/conflict-panel.tsx";
import { fieldsOf, institutionConflict, institutionValueText } from "./institution-conflict.ts";
import { InstitutionForm } from "./institution-form.tsx";
import { institutionEditLogicFor } from "./institutions-machines.ts";
import { institutionsKeys } from "./institutions-keys.ts";
import { useInstitutionsApi, useUpdateInstitution } from "./use-institutions.ts";
import * as styles from "./institutions.css.ts";

const FIELD_LABEL: Readonly<Record<keyof InstitutionFields, string>> = {
  name: "Name",
  allowed_domains: "Allowed e-mail domains",
  description: "Description",
  time_zone: "Time zone",
  rtm_supply_kind: "Remote monitoring supply codes",
};

/** What the form is told when its save met a newer version: a refusal of `version` with 412, as the server said it. */
const STALE_SAVE = { status: STALE_VERSION_STATUS, field: VERSION_FIELD } as const;

type Props = {
  readonly institution: Institution;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
};

// Editing an institution in place through the record-edit machine: a save names the version the
// form was filled from; if someone else changed the institution meanwhile, the conflict panel shows
// what changed above the form, which keeps everything typed until the person chooses.
export function InstitutionEditSection({ institution, onSaved, onCancel }: Props) {
  const api = useInstitutionsApi();
  const client = useQueryClient();
  const { mutateAsync } = useUpdateInstitution(institution.id);
  const logic = useMemo(
    () =>
      institutionEditLogicFor({
        save: ({ draft, record }) => mutateAsync({ fields: draft, version: record.version }),
        load: async ({ record }) => {
          const current = await api.getInstitution(record.id);
          client.setQueryData(institutionsKeys.detail(current.id), current);
          return current;
        },
      }),
    [api, client, mutateAsync],
  );
  const actor = useActorRef(logic, { input: { record: institution } });
  const started = useSelector(actor, (snapshot) => snapshot.context.started);
  const inConflict = useSelector(actor, (snapshot) => snapshot.matches("conflict"));
  const busy = useSelector(actor, isRecordSaveBusy);
  const current = useSelector(actor, (snapshot) => snapshot.context.current);
  const mine = useSelector(actor, (snapshot) => snapshot.context.mine);
  const done = useSelector(actor, (snapshot) => snapshot.status === "done");
  // Only "Show their version" starts a fresh form; saving theirs again keeps the one typed in.
  const [formKey, setFormKey] = useState(0);
  const showTheirs = () => {
    actor.send({ type: "conflict.reload" });
    setFormKey((key) => key + 1);
  };

  useEffect(() => {
    if (done) onSaved();
  }, [done, onSaved]);

  // Refused for a reason of its own, the form shows it on its field. A conflict is the panel's: the
  // form hears it was stale (it shows no alert for that) and stays open with everything typed.
  const save = useCallback(
    async (fields: InstitutionFields) => {
      actor.send({ type: "edit.save", draft: fields });
      const settled = await waitFor(actor, (snapshot) => !isRecordSaveBusy(snapshot), { timeout: Number.POSITIVE_INFINITY });
      if (settled.matches("editing") && settled.context.failure !== null) throw settled.context.failure;
      if (settled.matches("conflict")) throw STALE_SAVE;
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
      ? institutionConflict(started, current, mine).map((change) => ({
          field: change.field,
          label: FIELD_LABEL[change.field],
          theirs: conflictText(institutionValueText(change.field, change.theirs)),
          mine: conflictText(institutionValueText(change.field, change.mine)),
        }))
      : null;

  return (
    <div ref={form} className={styles.section}>
      {rows === null ? null : (
        <ConflictPanel rows={rows} onShowTheirs={showTheirs} onSaveMine={() => actor.send({ type: "conflict.reapply" })} isSaving={busy} />
      )}
      <InstitutionForm key={formKey} initial={fieldsOf(started)} submitLabel="Save changes" onSave={save} isSaving={busy} onCancel={onCancel} withBillingSettings />
    </div>
  );
}
