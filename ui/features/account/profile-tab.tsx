import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useMemo } from "react";
import { accountApiOf } from "../../../adapters/account/account-api.ts";
import { profilePhoneLockedBySms } from "../../../domain/auth/index.ts";
import { PHONE_VISIBLE_DIGITS } from "../../../domain/shared/format/phone.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { useServices } from "../../services/services-context.tsx";
import { failureMessage } from "../../data/failure-message.ts";
import { useReplaceCurrentUser } from "./use-account-user.ts";
import { useCurrentUser } from "../../data/use-current-user.ts";
import { confirmChange, confirmNothingChanged } from "../../feedback/confirm-change.ts";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid.ts";
import { usePhoneRule } from "../../forms/phone-numbers.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { Link } from "../../kit/link.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { PHONE_REMOVAL, profileDraftOf, type ProfileField } from "../../../domain/account/profile-form.ts";
import { profileFormLogicFor } from "./account-machines.ts";
import * as styles from "./settings-page.css.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { QueryStatus } from "../../kit/query-status.tsx";

// Settings > Profile: the person's own names and phone. Loading and failure come first; the form
// starts from the loaded record.
export function ProfileTab() {
  const user = useCurrentUser();
  if (user.isPending || user.isError) {
    return (
      <div className={styles.section}>
        <QueryStatus query={user} loading="Loading your profile…" />
      </div>
    );
  }
  return <ProfileForm user={user.data} />;
}

const currentPhoneText = (user: CurrentUser): string =>
  user.phone === null
    ? "No phone number on record. Type one to add it."
    : `The number on record ends in ${user.phone.slice(-PHONE_VISIBLE_DIGITS)}. Type a new number to replace it, or leave this empty to keep it.`;

function ProfileForm({ user }: { user: CurrentUser }) {
  const accountApi = accountApiOf(useServices().adapters.client);
  const replaceUser = useReplaceCurrentUser();
  // The profile-form machine (account-machines.ts) holds what is typed and the messages; every
  // typed value stays whatever the server answers, and a save starts the form again from the
  // saved record. `done` is the toast's title: a save and a removal of the phone say different things.
  const logic = useMemo(
    () =>
      profileFormLogicFor(async ({ value, basis }) => {
        const saved = await accountApi.updateProfile(value.body, basis.version);
        replaceUser(saved);
        confirmChange({ title: value.done });
        return saved;
      }),
    [accountApi, replaceUser],
  );
  const actor = useActorRef(logic, { input: { draft: profileDraftOf(user), basis: user } });
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const saving = useSelector(actor, (snapshot) => snapshot.matches("submitting"));

  // A refused save (checked here or by the server) puts the focus on the first field to fix.
  const { ref: formArea, arm: focusErrorOnSubmit } = useFocusFirstInvalid<HTMLDivElement>(errors);
  const withPhoneRule = usePhoneRule();

  const edit = (field: ProfileField) => (value: string) => actor.send({ type: "form.change", field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    focusErrorOnSubmit();
    void withPhoneRule((tools) => {
      actor.send({ type: "form.submit", now: new Date(), tools });
      // "Nothing changed" is said by the toast and the announcement.
      if (actor.getSnapshot().context.unchanged) confirmNothingChanged();
    });
  };
  const removePhone = () => actor.send({ type: "form.send", value: PHONE_REMOVAL });
  const phoneLocked = profilePhoneLockedBySms(user.mfa_methods);

  return (
    <section className={styles.section} aria-labelledby="profile-heading">
      <h2 id="profile-heading" className={styles.subheading}>
        Profile
      </h2>
      <div className={styles.readOnlyValue}>
        <span className={styles.readOnlyLabel}>Email</span>
        <span>{user.email}</span>
        <span className={styles.muted}>Your sign-in email can only be changed by an administrator.</span>
      </div>
      <Alert>{failure === null ? null : failureMessage(failure)}</Alert>
      <div ref={formArea}>
      <Form onSubmit={submit} validationBehavior="aria" validationErrors={errors}>
        <TextField
          label="First name"
          name="first_name"
          autoComplete="given-name"
          isRequired
          value={draft.first_name}
          onChange={edit("first_name")}
        />
        <TextField
          label="Last name"
          name="last_name"
          autoComplete="family-name"
          isRequired
          value={draft.last_name}
          onChange={edit("last_name")}
        />
        <TextField
          label="Phone number"
          name="phone"
          type="tel"
          autoComplete="tel"
          description={currentPhoneText(user)}
          value={draft.phone}
          onChange={edit("phone")}
        />
        {user.phone === null ? null : (
          <div className={styles.phoneRemoval}>
            <Button variant="secondary" type="button" isDisabled={phoneLocked || saving} onPress={removePhone}>
              Remove phone number
            </Button>
            {phoneLocked ? (
              <p className={styles.muted}>
                Verification codes are sent to this number by text message. To remove it, first remove text messages
                under <Link href={hrefFor("settings", { tab: "security" })}>Security</Link>.
              </p>
            ) : null}
          </div>
        )}
        <div className={styles.actions}>
          <Button type="submit" isPending={saving}>
            Save profile
          </Button>
        </div>
      </Form>
      </div>
    </section>
  );
}
