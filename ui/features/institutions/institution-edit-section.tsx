import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { InstitutionFields } from "../../../adapters/institutions/index.ts";
import type { Institution } from "../../../domain/institutions/index.ts";
import { STALE_VERSION_STATUS } from "../../../domain/shared/record-conflict.ts";
import { VERSION_FIELD } from "../../../domain/shared/record-version.ts";
import { RecordEditSection } from "../../people/record-edit-section.tsx";
import { readStoredRecord } from "../../people/stored-record.ts";
import { fieldsOf, institutionConflict, institutionValueText } from "./institution-conflict.ts";
import { InstitutionForm } from "./institution-form.tsx";
import { institutionEditLogicFor } from "./institutions-machines.ts";
import { institutionsKeys } from "./institutions-keys.ts";
import { useInstitutionsApi, useUpdateInstitution } from "./use-institutions.ts";

const FIELD_LABEL: Readonly<Record<keyof InstitutionFields, string>> = {
  name: "Name",
  allowed_domains: "Allowed e-mail domains",
  description: "Description",
  time_zone: "Time zone",
  rtm_supply_kind: "Remote monitoring supply codes",
};

/** What the form is told when its save met a newer version: a refusal of `version` with 412, as the server said it. */
const STALE_SAVE = { status: STALE_VERSION_STATUS, field: VERSION_FIELD } as const;

// The form's fields are the machine's draft as they are.
const asDraft = (fields: InstitutionFields): InstitutionFields => fields;

type Props = {
  readonly institution: Institution;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
};

// Editing an institution in place through the record-edit machine and the shared edit section
// (ui/people/record-edit-section.tsx). Refused for a reason of its own, the form shows it on its
// field. A conflict is the panel's: the form hears it was stale (it shows no alert for that) and
// stays open with everything typed.
export function InstitutionEditSection({ institution, onSaved, onCancel }: Props) {
  const api = useInstitutionsApi();
  const client = useQueryClient();
  const { mutateAsync } = useUpdateInstitution(institution.id);
  const logic = useMemo(
    () =>
      institutionEditLogicFor({
        save: ({ draft, record }) => mutateAsync({ fields: draft, version: record.version }),
        load: readStoredRecord(client, api.getInstitution, institutionsKeys.detail),
      }),
    [api, client, mutateAsync],
  );
  return (
    <RecordEditSection
      logic={logic}
      record={institution}
      draftOf={asDraft}
      conflictRefusal={STALE_SAVE}
      changesOf={institutionConflict}
      labels={FIELD_LABEL}
      valueText={institutionValueText}
      onSaved={onSaved}
    >
      {({ record, save, isSaving }) => (
        <InstitutionForm initial={fieldsOf(record)} submitLabel="Save changes" onSave={save} isSaving={isSaving} onCancel={onCancel} withBillingSettings />
      )}
    </RecordEditSection>
  );
}
