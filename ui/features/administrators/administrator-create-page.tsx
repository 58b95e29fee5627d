import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { administratorAbilitiesOf } from "../../../domain/administrators/administrator-abilities.ts";
import { ADMINISTRATOR_ROLE_OPTIONS, type AdministratorCreateField, EMPTY_ADMINISTRATOR_DRAFT } from "../../../domain/administrators/administrator-create-form.ts";
import { hrefFor } from "../../../domain/routes.ts";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { recordRefusal } from "../../data/retry-policy.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { RecordUnavailable } from "../../shell/record-unavailable.tsx";
import { administratorCreateLogicFor } from "./administrator-machines.ts";
import { useCreateAdministrator, useInstitutionOf } from "./use-administrators.ts";
import * as styles from "./administrators.css.ts";

// /create/organization/:organizationId/admin: invite an administrator to an institution. The names
// and address are checked with the domain's rules as the server checks them; when the institution's
// allowed domains are known the address must be at one of them (ERROR_020). A refusal by the
// server is shown on its field. Sent, the person is pending with an e-mailed link, and their record opens.
export function AdministratorCreatePage({ institutionId, user }: { readonly institutionId: InstitutionId; readonly user: CurrentUser }) {
  const institution = useInstitutionOf(institutionId);
  // Issue 31 item 16: an institution the caller may not see (or none) is said at once, not a form with no name.
  const refusal = institution.data === undefined ? recordRefusal(institution.error) : null;
  if (refusal !== null) return <RecordUnavailable refusal={refusal} noun="institution" back={{ href: hrefFor("admins", {}), label: "Back to administrators" }} />;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>New administrator</h1>
      {institution.data === undefined ? (
        <QueryStatus query={institution} loading="Loading the institution…" status="" busy={institution.isPending} />
      ) : (
        <AdministratorCreateForm institutionId={institutionId} institutionName={institution.data.name} allowedDomains={institution.data.allowed_domains} user={user} />
      )}
    </div>
  );
}

type FormProps = {
  readonly institutionId: InstitutionId;
  readonly institutionName: string;
  /** The institution's allowed e-mail domains, which the form checks the address against (none: any). */
  readonly allowedDomains: readonly string[];
  readonly user: CurrentUser;
};

/** The form itself, once the institution (its name and allowed domains) is known: it renders the create-form machine's state. */
function AdministratorCreateForm({ institutionId, institutionName, allowedDomains, user }: FormProps) {
  const [, navigate] = useLocation();
  const abilities = administratorAbilitiesOf(user);
  const create = useCreateAdministrator();
  const [logic] = useState(() => administratorCreateLogicFor(allowedDomains, ({ value }) => create.mutateAsync({ ...value, institution: institutionId })));
  const actor = useActorRef(logic, { input: { draft: EMPTY_ADMINISTRATOR_DRAFT } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const created = useSelector(actor, (snapshot) => snapshot.context.created);
  const pending = useSelector(actor, (snapshot) => snapshot.matches("submitting"));
  const { ref: formRef, arm: armFocus } = useFocusFirstInvalid<HTMLDivElement>(errors);

  useEffect(() => {
    if (created === null) return;
    showToast({ title: `Invitation sent to ${created.email}`, description: `${created.first_name} ${created.last_name} is pending until they accept it.` });
    navigate(hrefFor("admin-detail", { adminId: created.id }));
  }, [created, navigate]);

  const edit = (field: AdministratorCreateField) => (value: string) => actor.send({ type: "form.change", field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    armFocus();
    actor.send({ type: "form.submit", now: new Date() });
  };
  const invalid = (field: AdministratorCreateField) => (errors[field] === undefined ? {} : { errorMessage: errors[field], isInvalid: true });

  return (
    <>
      <p className={styles.lead}>For {institutionName}. They get an e-mail with a link to choose their password; the link works for 72 hours.</p>
      <div ref={formRef}>
        <Form onSubmit={submit} validationBehavior="aria">
          <div className={styles.form}>
            <Alert>{failure === null ? null : failureMessage(failure)}</Alert>
            <TextField label="First name" name="first_name" isRequired value={draft.first_name} onChange={edit("first_name")} {...invalid("first_name")} />
            <TextField label="Last name" name="last_name" isRequired value={draft.last_name} onChange={edit("last_name")} {...invalid("last_name")} />
            <TextField
              label="Email"
              name="email"
              type="email"
              isRequired
              value={draft.email}
              onChange={edit("email")}
              {...(allowedDomains.length === 0 ? {} : { description: `An address at ${allowedDomains.join(", ")}.` })}
              {...invalid("email")}
            />
            <SelectField
              label="Role"
              name="role"
              isRequired
              options={ADMINISTRATOR_ROLE_OPTIONS}
              value={draft.role === "" ? null : draft.role}
              onChange={edit("role")}
              description="Institution administrators manage the whole institution; staff administrators manage its SLPs and patients."
              {...invalid("role")}
            />
            <div className={styles.actions}>
              <Button type="submit" isPending={pending}>
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
    </>
  );
}
