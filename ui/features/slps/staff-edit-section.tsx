import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { StaffMember } from "../../../domain/slps/index.ts";
import { type StaffDraft, type StaffSave, staffConflict, staffValueText } from "../../../domain/slps/staff-form.ts";
import { anyField, onTypedForm, PERSON_FIELD_LABEL, personEditOf } from "../../people/person-edit.ts";
import { RecordEditSection } from "../../people/record-edit-section.tsx";
import { readStoredRecord } from "../../people/stored-record.ts";
import { StaffForm } from "./staff-form.tsx";
import { staffEditLogicFor } from "./slps-machines.ts";
import { slpsKeys } from "./slps-keys.ts";
import { useSlpsApi, useUpdateStaff } from "./use-slps.ts";

const editOf = personEditOf<StaffSave, StaffDraft>;
const changesOf = onTypedForm(staffConflict);
const valueText = anyField(staffValueText);

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
        load: readStoredRecord(client, api.getStaff, slpsKeys.detail),
      }),
    [api, client, mutateAsync],
  );
  return (
    <RecordEditSection logic={logic} record={member} draftOf={editOf} changesOf={changesOf} labels={PERSON_FIELD_LABEL} valueText={valueText} onSaved={onSaved}>
      {({ record, save, isSaving }) => <StaffForm record={record} submitLabel="Save changes" onSave={save} isSaving={isSaving} onCancel={onCancel} />}
    </RecordEditSection>
  );
}
