import { SETUP_CODE } from "./rtm-codes.ts";

/** What of a patient's month the set-up record reads: who, and the month's stored line (its claim codes and the episode's first day). */
export type SetupCandidate = {
  readonly patient: { readonly id: number };
  readonly line: { readonly monitoringStart: string | null; readonly codes: readonly { readonly code: string }[] };
};

/**
 * The patients whose month bills set-up (98975), with their episode's first day: a lock records
 * them, so set-up is billed once per episode (docs/billing.md, "Month-end").
 */
export const setupLinesOf = (batch: readonly SetupCandidate[]): ReadonlyArray<{ readonly patientId: number; readonly episodeStart: string }> =>
  batch.flatMap(({ patient, line }) =>
    line.codes.some((code) => code.code === SETUP_CODE) && line.monitoringStart !== null ? [{ patientId: patient.id, episodeStart: line.monitoringStart }] : [],
  );
