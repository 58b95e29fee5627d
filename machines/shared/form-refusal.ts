import type { FormDraft } from "./create-form.machine.ts";

// How a create form's `fieldOfFailure` is made: which of the form's fields a server's refusal
// belongs to, with the refusal's own message; a refusal of no field of the form is the whole form's.

/** A refusal's own message (the catalogue's, as an adapter's ApiFailure carries it), if it has one. */
const messageOf = (error: unknown): string | null =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string" ? error.message : null;

/** A refusal the server pinned on a field: its wire name and the catalogue's message (an adapter's ApiFailure has both). */
const namedField = (error: unknown): { readonly field: string; readonly message: string } | null => {
  const message = messageOf(error);
  return typeof error === "object" && error !== null && "field" in error && typeof error.field === "string" && message !== null ? { field: error.field, message } : null;
};

/**
 * `fieldOfFailure` from a lookup of the server's field name (with the draft sent) to the form's: a
 * refusal naming a field the lookup knows goes under that field; any other is the whole form's.
 */
export const fieldOfRefusalBy =
  <F extends string, D extends FormDraft = FormDraft>(formFieldOf: (serverField: string, draft: D) => F | null) =>
  (error: unknown, draft: D): { readonly field: F; readonly message: string } | null => {
    const named = namedField(error);
    const field = named === null ? null : formFieldOf(named.field, draft);
    return named === null || field === null ? null : { field, message: named.message };
  };

/**
 * `fieldOfFailure` from a table of the server's field names to the form's: a refusal naming a
 * field the table knows goes under that field; any other (a stale version, a locked month) is the
 * whole form's.
 */
export const fieldOfRefusal = <F extends string>(formFieldOf: Readonly<Record<string, F>>) => fieldOfRefusalBy<F>((serverField) => formFieldOf[serverField] ?? null);

/**
 * `fieldOfFailure` from a rule that tells a refusal's field by more than its name (a phone code
 * with no field is the phone's): the refusal goes under the field the rule names, with its message.
 */
export const fieldOfRefusalWhere =
  <F extends string>(fieldOf: (error: unknown) => F | null) =>
  (error: unknown): { readonly field: F; readonly message: string } | null => {
    const field = fieldOf(error);
    const message = messageOf(error);
    return field === null || message === null ? null : { field, message };
  };
