import type { GameLevelFilter, PatientOrdering } from "../../../domain/patients/patients-wire.ts";
import type { PatientStatus } from "../../../domain/shared/statuses/patient-status.ts";

/** What a patients list asks for beyond the caller's slice (every list empty means "no filter"). */
export type PatientFilters = {
  readonly search?: string | undefined;
  readonly gameLevels: readonly GameLevelFilter[];
  readonly reviewed: readonly boolean[];
  readonly statuses: readonly PatientStatus[];
  readonly ordering: readonly PatientOrdering[];
};

/** A list filtered by nothing but the caller's slice (any order): the one most asked for, so prepared per shape. */
export const isPlain = (filters: PatientFilters): boolean =>
  (filters.search ?? "").trim() === "" && filters.gameLevels.length === 0 && filters.reviewed.length === 0 && filters.statuses.length === 0;

/** Each value once: a filter that names a value twice asks for it once. */
export const distinct = <A>(values: readonly A[]): A[] => [...new Set(values)];
