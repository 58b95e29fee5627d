import { SETUP_CODE } from "./rtm-codes.ts";

/** What of a judged patient the set-up record reads: who, the episode's first day, and the month's claim codes. */
export type SetupCandidate = {
  readonly patient: { readonly id: number };
  readonly month: { readonly row: { readonly monitoring_start: string | null } };
  readonly lines: readonly { readonly code: string }[];
};

/**
 * The patients whose month bills set-up (98975), with their episode's first day: a lock records
 * them, so set-up is billed once per episode (docs/billing.md, "Month-end").
 */
export const setupLinesOf = (batch: readonly SetupCandidate[]): ReadonlyArray<{ readonly patientId: number; readonly episodeStart: string }> =>
  batch.flatMap(({ patient, month, lines }) =>
    lines.some((line) => line.code === SETUP_CODE) && month.row.monitoring_start !== null ? [{ patientId: patient.id, episodeStart: month.row.monitoring_start }] : [],
  );
