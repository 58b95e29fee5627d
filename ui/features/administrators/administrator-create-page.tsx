import { type FormEvent, useRef, useState } from "react";
import { useLocation } from "wouter";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import type { AdministratorCreateBody } from "../../../domain/administrators/administrators-wire.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { catalogueMessage } from "../../../domain/shared/error-catalogue.ts";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import { ROLE, ROLE_TITLES } from "../../../domain/shared/roles.ts";
import { checkEmailInDomains } from "../../../domain/shared/validators/email-domain.ts";
import { validateEmail } from "../../../domain/shared/validators/email.ts";
import { validatePersonName } from "../../../domain/shared/validators/person-name.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { recordRefusal } from "../../data/retry-policy.ts";
import { RecordUnavailable } from "../../shell/record-unavailable.tsx";
import { showToast } from "../../feedback/toast-queue.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { administratorAbilitiesOf } from "../../../domain/administrators/administrator-abilities.ts";
import { useCreateAdministrator, useInstitutionOf } from "./use-administrators.ts";
import * as styles from "./administrators.css.ts";

type Field = "first_name" | "last_name" | "email" | "role";
const FIELDS: readonly Field[] = ["first_name", "last_name", "email", "role"];
type Role = AdministratorCreateBody["role"];

/** The roles a new administrator may get; a super administrator is never created here. */
const ROLE_OPTIONS: ReadonlyArray<{ readonly id: Role; readonly label: string }> = [
  { id: ROLE.institutionAdmin, label: ROLE_TITLES.institution_admin },
  { id: ROLE.staffAdmin, label: ROLE_TITLES.staff_admin },
];
const isRole = (value: string): value is Role => ROLE_OPTIONS.some((option) => option.id === value);

// /create/organization/:organizationId/admin: invite an administrator to an institution. The names
// and address are checked with the domain's rules as the server checks them; when the institution's
// allowed domains are known the address must be at one of them (ERROR_020). A refusal by the
// server is shown on its field. Sent, the person is pending with an e-mailed link, and their record opens.
export function AdministratorCreatePage({ institutionId, user }: { readonly institutionId: InstitutionId; readonly user: CurrentUser }) {
  const [, navigate] = useLocation();
  const abilities = administratorAbilitiesOf(user);
  const institution = useInstitutionOf(institutionId);
  const create = useCreateAdministrator();
  const [draft, setDraft] = useState<Record<Exclude<Field, "role">, string>>({ first_name: "", last_name: "", email: "" });
  const [role, setRole] = useState<Role | null>(null);
  const [messages, setMessages] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const domains = institution.data?.allowed_domains ?? [];

  const focusField = (field: Field) =>
    formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"] :is(input:not([type=hidden]), button)`)?.focus();
  const edit = (field: Exclude<Field, "role">) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setMessages((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const first = validatePersonName(draft.first_name, "first name", "first_name");
    const last = validatePersonName(draft.last_name, "last name", "last_name");
    const typedEmail = validateEmail(draft.email);
    const email = typedEmail.ok ? checkEmailInDomains(typedEmail.value, domains, "ERROR_020") : typedEmail;
    const found: Partial<Record<Field, string>> = {
      ...(first.ok ? {} : { first_name: first.message }),
      ...(last.ok ? {} : { last_name: last.message }),
      ...(email.ok ? {} : { email: email.message }),
      ...(role === null ? { role: catalogueMessage("ERROR_003", { field_name: "role" }) } : {}),
    };
    setMessages(found);
    setAlert(null);
    const firstInvalid = FIELDS.find((field) => found[field] !== undefined);
    if (firstInvalid !== undefined) {
      focusField(firstInvalid);
      return;
    }
    if (!first.ok || !last.ok || !email.ok || role === null) return;
    const body: AdministratorCreateBody = { first_name: first.value, last_name: last.value, email: email.value, institution: institutionId, role };
    // The promise, not mutate's callbacks: they are dropped if the page unmounts first.
    create.mutateAsync(body).then(
      (administrator) => {
        showToast({ title: `Invitation sent to ${administrator.email}`, description: `${administrator.first_name} ${administrator.last_name} is pending until they accept it.` });
        navigate(hrefFor("admin-detail", { adminId: administrator.id }));
      },
      (error: unknown) => {
        const field = isApiFailure(error) ? FIELDS.find((name) => name === error.field) : undefined;
        if (field === undefined) {
          setAlert(failureMessage(error));
          return;
        }
        setMessages({ [field]: failureMessage(error) });
        focusField(field);
      },
    );
  };

  // Issue 31 item 16: an institution the caller may not see (or none) is said at once, not a form with no name.
  const refusal = institution.data === undefined ? recordRefusal(institution.error) : null;
  if (refusal !== null) return <RecordUnavailable refusal={refusal} noun="institution" back={{ href: hrefFor("admins", {}), label: "Back to administrators" }} />;

  const invalid = (field: Field) => (messages[field] === undefined ? {} : { errorMessage: messages[field], isInvalid: true });
  const where = institution.data?.name;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>New administrator</h1>
      <p className={styles.lead}>
        {where === undefined ? "" : `For ${where}. `}They get an e-mail with a link to choose their password; the link works for 72 hours.
      </p>
      <div ref={formRef}>
        <Form onSubmit={submit} validationBehavior="aria">
          <div className={styles.form}>
            <Alert>{alert}</Alert>
            <div data-field="first_name">
              <TextField label="First name" name="first_name" isRequired value={draft.first_name} onChange={edit("first_name")} {...invalid("first_name")} />
            </div>
            <div data-field="last_name">
              <TextField label="Last name" name="last_name" isRequired value={draft.last_name} onChange={edit("last_name")} {...invalid("last_name")} />
            </div>
            <div data-field="email">
              <TextField
                label="Email"
                name="email"
                type="email"
                isRequired
                value={draft.email}
                onChange={edit("email")}
                {...(domains.length === 0 ? {} : { description: `An address at ${domains.join(", ")}.` })}
                {...invalid("email")}
              />
            </div>
            <div data-field="role">
              <SelectField
                label="Role"
                name="role"
                isRequired
                options={ROLE_OPTIONS}
                value={role}
                onChange={(id) => {
                  if (!isRole(id)) return;
                  setRole(id);
                  setMessages((current) => ({ ...current, role: undefined }));
                }}
                description="Institution administrators manage the whole institution; staff administrators manage its SLPs and patients."
                {...invalid("role")}
              />
            </div>
            <div className={styles.actions}>
              <Button type="submit" isPending={create.isPending}>
                Send invitation
              </Button>
              <Button
                variant="secondary"
                onPress={() => navigate(abilities.pickInstitution ? hrefFor("organization-detail", { organizationId: institutionId }) : hrefFor("admins", {}))}
              >
                Cancel
              </Button>
            </div>
          </div>
        </Form>
      </div>
    </div>
  );
}
