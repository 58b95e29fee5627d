import {
  MIN_PASSWORD_LENGTH,
  validatePasswordConfirmation,
  validatePasswordDiffers,
  validatePasswordLength,
} from "../../domain/shared/validators/password.ts";
import { TextField } from "../kit/text-field.tsx";
import { NewPasswordFields } from "./new-password-fields.tsx";
import { validationMessage } from "./validation-message.ts";

/** What a password change form holds while the person types. */
export type PasswordChangeValues = {
  readonly oldPassword: string;
  readonly newPassword: string;
  readonly confirmation: string;
};

export const EMPTY_PASSWORD_CHANGE: PasswordChangeValues = { oldPassword: "", newPassword: "", confirmation: "" };

// The three fields of every password change (sign-in's forced change and Settings > Security).
// Each checks itself with the domain's validators, so every message sits on its own field.
export function PasswordChangeFields({
  values,
  onChange,
}: {
  values: PasswordChangeValues;
  onChange: (next: PasswordChangeValues) => void;
}) {
  return (
    <>
      <TextField
        label="Current password"
        name="old_password"
        type="password"
        autoComplete="current-password"
        isRequired
        value={values.oldPassword}
        onChange={(oldPassword) => onChange({ ...values, oldPassword })}
      />
      <NewPasswordFields
        description={`At least ${MIN_PASSWORD_LENGTH} characters, different from the current password.`}
        password={{
          value: values.newPassword,
          onChange: (newPassword) => onChange({ ...values, newPassword }),
          validate: (value) => validationMessage(validatePasswordLength(value), validatePasswordDiffers(values.oldPassword, value)),
        }}
        confirmation={{
          value: values.confirmation,
          onChange: (confirmation) => onChange({ ...values, confirmation }),
          validate: (value) => validationMessage(validatePasswordConfirmation(values.newPassword, value)),
        }}
      />
    </>
  );
}
