import { TextField } from "../kit/text-field.tsx";

/** One of the pair: its value, its change, and either its own check or the error its form's machine found. */
export type NewPasswordField = {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly validate?: (value: string) => string | null | undefined;
  readonly error?: string | undefined;
};

const shownError = (field: NewPasswordField) => (field.error === undefined ? {} : { errorMessage: field.error, isInvalid: true });

// The new password and its confirmation, written once for every place a password is chosen: the
// invitation's first password and every change (sign-in's forced change and Settings > Security,
// through PasswordChangeFields). The same names and autocomplete everywhere, so password managers
// offer to save the new one.
export function NewPasswordFields({ description, password, confirmation }: { readonly description: string; readonly password: NewPasswordField; readonly confirmation: NewPasswordField }) {
  return (
    <>
      <TextField
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        description={description}
        isRequired
        value={password.value}
        onChange={password.onChange}
        {...(password.validate === undefined ? {} : { validate: password.validate })}
        {...shownError(password)}
      />
      <TextField
        label="Confirm new password"
        name="new_password_confirmation"
        type="password"
        autoComplete="new-password"
        isRequired
        value={confirmation.value}
        onChange={confirmation.onChange}
        {...(confirmation.validate === undefined ? {} : { validate: confirmation.validate })}
        {...shownError(confirmation)}
      />
    </>
  );
}
