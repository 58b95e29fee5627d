import * as Schema from "effect/Schema";

/**
 * Whether a patient is on remote physiological monitoring (RPM), issue 24: RTM and RPM are not
 * billed in the same month, and a flag per patient is enough here. While it is set, every month
 * judged for the patient is "blocked" with the reason in words (domain PHYSIOLOGICAL_TEXT); the
 * months already locked keep what they were locked with.
 */
export const MonitoringFlag = Schema.Struct({
  physiological_monitoring: Schema.Boolean,
});
export type MonitoringFlag = typeof MonitoringFlag.Type;
