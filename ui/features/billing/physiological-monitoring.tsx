import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { monitoringFlagApiOf } from "../../../adapters/billing/index.ts";
import { PHYSIOLOGICAL_TEXT } from "../../../domain/billing/billing-status.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { confirmChange } from "../../feedback/confirm-change.ts";
import { Alert } from "../../kit/alert.tsx";
import { Checkbox } from "../../kit/checkbox.tsx";
import { useServices } from "../../services/services-context.tsx";
import * as styles from "./patient-billing.css.ts";
import { patientDataDaysKey } from "./use-patient-data-days.ts";

export type PhysiologicalMonitoringProps = {
  readonly patientId: PatientId;
  readonly patientName: string;
  /** As the server last said (the data-days answer). */
  readonly isOn: boolean;
  /** Whether the caller may change it (rtm update); others read the sentence only. */
  readonly canChange: boolean;
};

// RTM and remote physiological monitoring (RPM) are not billed in the same month (issue 24); a
// flag per patient says the patient is on RPM, and every month judged while it is set is blocked
// with that reason. A checkbox for those who log the patient's time; a sentence for everyone else.
export function PhysiologicalMonitoring({ patientId, patientName, isOn, canChange }: PhysiologicalMonitoringProps) {
  const api = monitoringFlagApiOf(useServices().adapters.client);
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const hintId = useId();
  const save = useMutation({
    mutationFn: (next: boolean) => api.setMonitoringFlag(patientId, { physiological_monitoring: next }),
    // The data days carry the flag; the /rtm list judges every month with it.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: patientDataDaysKey(patientId) }), queryClient.invalidateQueries({ queryKey: ["rtm", "list"] })]),
  });

  if (!canChange) return isOn ? <p className={styles.note}>{`${patientName} is ${PHYSIOLOGICAL_TEXT}.`}</p> : null;

  const change = (next: boolean) => {
    if (save.isPending) return;
    setAlert(null);
    save.mutateAsync(next).then(
      (answer) =>
        confirmChange({
          title: answer.physiological_monitoring ? `${patientName} is marked as on remote physiological monitoring` : `${patientName} is no longer marked as on remote physiological monitoring`,
        }),
      (error: unknown) => setAlert(failureMessage(error)),
    );
  };

  return (
    <div className={styles.flag}>
      <Alert>{alert}</Alert>
      <Checkbox label="On remote physiological monitoring (RPM)" isSelected={save.isPending ? (save.variables ?? isOn) : isOn} onChange={change} isDisabled={save.isPending} describedBy={hintId} />
      <p id={hintId} className={styles.note}>
        RTM is not billed in a month the patient is on RPM: while this is ticked, every month of this patient reads “blocked”.
      </p>
    </div>
  );
}
