import { OTP_LENGTH } from "../../domain/shared/validators/otp.ts";
import { ROUTE_FOCUS_ATTRIBUTE } from "../shell/route-focus.tsx";
import { TextField } from "../kit/text-field.tsx";

export type OtpInputProps = {
  value: string;
  onChange: (code: string) => void;
  isInvalid?: boolean;
  /** The id of the message that explains why the code was refused. */
  describedBy?: string;
  isDisabled?: boolean;
};

// Codes are often pasted or typed as shown in a message ("123 456", "123-456"): only the digits
// are kept. The paste is handled here because the browser's maxLength would otherwise cut
// "123 456" to "123 45" before the spaces could be dropped.
const digitsOf = (text: string): string => text.replace(/[^0-9]/g, "").slice(0, OTP_LENGTH);

// The code step has one thing to do, so the page starts on this field instead of its heading: its
// label and description say what the page asks for.
const routeFocus = { [ROUTE_FOCUS_ATTRIBUTE]: "" };

/** The one-time code field: one input, numeric keyboard, and the browser's/OS's code autofill. */
export function OtpInput({ value, onChange, isInvalid, describedBy, isDisabled }: OtpInputProps) {
  return (
    <TextField
      {...routeFocus}
      label="Verification code"
      description={`${OTP_LENGTH} digits`}
      name="otp_code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      isRequired
      value={value}
      onChange={(text) => onChange(digitsOf(text))}
      onPaste={(event) => {
        event.preventDefault();
        onChange(digitsOf(event.clipboardData.getData("text")));
      }}
      isInvalid={isInvalid === true}
      aria-describedby={describedBy}
      isDisabled={isDisabled === true}
    />
  );
}
