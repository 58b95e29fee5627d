import { catalogueMessage } from "../shared/error-catalogue.ts";
import { ROLE, ROLE_TITLES } from "../shared/roles.ts";
import { checkEmailInDomains } from "../shared/validators/email-domain.ts";
import { validateEmail } from "../shared/validators/email.ts";
import { validatePersonName } from "../shared/validators/person-name.ts";
import type { AdministratorCreateBody } from "./administrators-wire.ts";

/** The new-administrator form's fields, in the order the form shows them (the first bad one takes the focus). */
export const ADMINISTRATOR_CREATE_FIELDS = ["first_name", "last_name", "email", "role"] as const;
export type AdministratorCreateField = (typeof ADMINISTRATOR_CREATE_FIELDS)[number];

/** The form as typed: every field a string, the role empty until one is chosen. */
export type AdministratorCreateDraft = Readonly<Record<AdministratorCreateField, string>>;
export const EMPTY_ADMINISTRATOR_DRAFT: AdministratorCreateDraft = { first_name: "", last_name: "", email: "", role: "" };

type Role = AdministratorCreateBody["role"];

/** The roles a new administrator may get; a super administrator is never created here. */
export const ADMINISTRATOR_ROLE_OPTIONS: ReadonlyArray<{ readonly id: Role; readonly label: string }> = [
  { id: ROLE.institutionAdmin, label: ROLE_TITLES.institution_admin },
  { id: ROLE.staffAdmin, label: ROLE_TITLES.staff_admin },
];
const roleOf = (text: string): Role | null => ADMINISTRATOR_ROLE_OPTIONS.find((option) => option.id === text)?.id ?? null;

/** What a checked form sends, short of the institution the page names. */
export type CheckedAdministrator = Omit<AdministratorCreateBody, "institution">;

/**
 * The new-administrator form's check, the server's own rules: names and address as the wire takes
 * them, the address at one of the institution's allowed domains when it has any (ERROR_020), a role
 * chosen. Every problem at once, by field.
 */
export const checkAdministratorCreate = (
  draft: AdministratorCreateDraft,
  allowedDomains: readonly string[],
): { readonly ok: true; readonly value: CheckedAdministrator } | { readonly ok: false; readonly errors: Partial<Record<AdministratorCreateField, string>> } => {
  const first = validatePersonName(draft.first_name, "first name", "first_name");
  const last = validatePersonName(draft.last_name, "last name", "last_name");
  const typedEmail = validateEmail(draft.email);
  const email = typedEmail.ok ? checkEmailInDomains(typedEmail.value, allowedDomains, "ERROR_020") : typedEmail;
  const role = roleOf(draft.role);
  if (first.ok && last.ok && email.ok && role !== null) return { ok: true, value: { first_name: first.value, last_name: last.value, email: email.value, role } };
  return {
    ok: false,
    errors: {
      ...(first.ok ? {} : { first_name: first.message }),
      ...(last.ok ? {} : { last_name: last.message }),
      ...(email.ok ? {} : { email: email.message }),
      ...(role === null ? { role: catalogueMessage("ERROR_003", { field_name: "role" }) } : {}),
    },
  };
};
