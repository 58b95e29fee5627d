export const NOT_SPECIFIED = "Not specified";

const isBlank = (name: string | null | undefined): boolean => (name ?? "").trim() === "";

/** Initials are the upper-cased first letters of the names; a person without any name reads 'NA'. */
export const initials = (firstName: string | null | undefined, lastName: string | null | undefined): string => {
  const letters = [firstName, lastName]
    .map((name) => (name ?? "").trim().charAt(0).toUpperCase())
    .join("");
  return letters === "" ? "NA" : letters;
};

export type DisplayNames = { readonly firstName: string; readonly lastName: string };

/** A patient or staff member with both names empty is shown as first name 'N', last name 'A'. */
export const displayNames = (firstName: string | null | undefined, lastName: string | null | undefined): DisplayNames =>
  isBlank(firstName) && isBlank(lastName)
    ? { firstName: "N", lastName: "A" }
    : { firstName: (firstName ?? "").trim(), lastName: (lastName ?? "").trim() };

/** The sidebar shows the full name only when both names are known, otherwise 'Not specified'. */
export const fullNameOrNotSpecified = (firstName: string | null | undefined, lastName: string | null | undefined): string =>
  isBlank(firstName) || isBlank(lastName) ? NOT_SPECIFIED : `${(firstName ?? "").trim()} ${(lastName ?? "").trim()}`;
