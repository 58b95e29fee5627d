import {
  ADMINISTRATOR_CREATE_FIELDS,
  type AdministratorCreateDraft,
  type AdministratorCreateField,
  type CheckedAdministrator,
  checkAdministratorCreate,
} from "../../domain/administrators/administrator-create-form.ts";
import type { Administrator } from "../../domain/administrators/administrators-wire.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusal } from "../shared/form-refusal.ts";

// The new-administrator form (/create/organization/:id/admin) on the shared create-form machine:
// the domain's check with the institution's allowed domains, then the page's POST administrators/;
// a refusal naming one of the form's fields (an address already taken, outside the domains) goes under it.

const FIELD_OF: Readonly<Record<string, AdministratorCreateField>> = Object.fromEntries(ADMINISTRATOR_CREATE_FIELDS.map((field) => [field, field]));

/** The form for an institution whose allowed e-mail domains are `allowedDomains` (none: any address). */
export const createAdministratorCreateMachine = ({ allowedDomains }: { readonly allowedDomains: readonly string[] }) =>
  createCreateFormMachine<AdministratorCreateDraft, CheckedAdministrator, AdministratorCreateField, Administrator>({
    id: "administratorCreate",
    check: (draft) => checkAdministratorCreate(draft, allowedDomains),
    fieldOfFailure: fieldOfRefusal(FIELD_OF),
  });

export type AdministratorCreateMachine = ReturnType<typeof createAdministratorCreateMachine>;
