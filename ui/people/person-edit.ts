// What editing a person (a patient, an SLP) hands the shared edit section alike: their forms save
// a create or an update with the changed fields, compare the form as typed in a conflict, and name
// the same contact fields.

/** The labels of the fields every person's form has, for the conflict table. */
export const PERSON_FIELD_LABEL = {
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
} as const;

/** A person's edit as the record-edit machine carries it: the changed fields to send, and the form as typed (for the conflict table). */
export type PersonEdit<B, F> = { readonly body: B; readonly draft: F };

type PersonSave = { readonly kind: "create" | "update"; readonly body: unknown };
type UpdateBody<S extends PersonSave> = Extract<S, { readonly kind: "update" }>["body"];

/** The form's save as an edit: only an update is the machine's to send. */
export const personEditOf = <S extends PersonSave, F>(save: S, draft: F): PersonEdit<UpdateBody<S>, F> | null =>
  save.kind === "update" ? { body: save.body as UpdateBody<S>, draft } : null;

/** A person's conflict compares the form as typed, not the body sent. */
export const onTypedForm =
  <R, F, C>(changes: (started: R, current: R, draft: F) => C) =>
  (started: R, current: R, mine: { readonly draft: F }): C =>
    changes(started, current, mine.draft);

/** A person's value reads the same in words whichever field holds it. */
export const anyField =
  <V>(text: (value: V) => string) =>
  (_field: string, value: V): string =>
    text(value);
