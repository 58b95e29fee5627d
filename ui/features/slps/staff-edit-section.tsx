import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { StaffMember } from "../../../domain/slps/index.ts";
import { type StaffDraft, type StaffEdit, type StaffSave, staffConflict, staffValueText } from "../../../domain/slps/staff-form.ts";
import { RecordEditSection } from "../../people/record-edit-section.tsx";
import { StaffForm } from "./staff-form.tsx";
import { staffEditLogicFor } from "./slps-machines.ts";
import { slpsKeys } from "./slps-keys.ts";
import { useSlpsApi, useUpdateStaff } from "./use-slps.ts";

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

// Only an update is the machine's to send; the form as typed goes with it, for the conflict table.
const editOf = (save: StaffSave, draft: StaffDraft): StaffEdit | null => (save.kind === "update" ? { body: save.body, draft } : null);
const changesOf = (started: StaffMember, current: StaffMember, mine: StaffEdit) => staffConflict(started, current, mine.draft);
const valueText = (_field: keyof StaffDraft, value: StaffDraft[keyof StaffDraft]) => staffValueText(value);

type Props = {
  readonly member: StaffMember;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
};

// Editing an SLP in place through the record-edit flow and the shared edit section
// (ui/people/record-edit-section.tsx); the page confirms the save.
export function StaffEditSection({ member, onSaved, onCancel }: Props) {
  const api = useSlpsApi();
  const client = useQueryClient();
  const { mutateAsync } = useUpdateStaff(member.id);
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
  return (
    <RecordEditSection logic={logic} record={member} draftOf={editOf} changesOf={changesOf} labels={FIELD_LABEL} valueText={valueText} onSaved={onSaved}>
      {({ record, save, isSaving }) => <StaffForm record={record} submitLabel="Save changes" onSave={save} isSaving={isSaving} onCancel={onCancel} />}
    </RecordEditSection>
  );
}
