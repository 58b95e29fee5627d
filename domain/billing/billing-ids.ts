import * as Schema from "effect/Schema";
import { IdNumber } from "../shared/ids.ts";

// The billing feature's own ids, beside it rather than in domain/shared/ids.ts: that file travels
// with the sign-in entry, which has a byte budget and no use for billing records.

/** A treatment-management time entry. */
export const TimeEntryId = IdNumber.pipe(Schema.brand("TimeEntryId"));
export type TimeEntryId = typeof TimeEntryId.Type;

/** A logged live call with the patient. */
export const CallId = IdNumber.pipe(Schema.brand("CallId"));
export type CallId = typeof CallId.Type;
