import { toSmsPhone } from "../../domain/shared/validators/phone.ts";
import { TextField } from "../kit/text-field.tsx";
import { validationMessage } from "./validation-message.ts";

// The number text-message codes go to, wherever SMS is set up (sign-in registration, Settings):
// checked on the field with the domain's rule, which the machine applies again before sending.
export function SmsPhoneField() {
  return (
    <TextField
      label="Mobile phone number"
      name="phone"
      type="tel"
      autoComplete="tel"
      description="A US number can be typed as is; other numbers start with + and the country code."
      isRequired
      validate={(value) => validationMessage(toSmsPhone(value))}
    />
  );
}
