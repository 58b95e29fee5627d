import { apiFailure, type ApiFailure } from "./api-failure.ts";

/**
 * A cursor that decodes but does not fit the list asked (another order's, keys of the wrong
 * kinds): the same 400 ERROR_056 on `cursor` as a garbled one, which the query's schema refuses.
 */
export const badCursor = (): ApiFailure =>
  apiFailure(400, "ERROR_056", "cursor does not fit the list's order", { field: "cursor", placeholders: { field_name: "cursor" } });
