import { parseTime, type Time } from "@internationalized/date";
import { FieldError, Label, Text, DateInput, DateSegment, TimeField as AriaTimeField } from "react-aria-components";
import * as styles from "./text-field.css.ts";
import * as dateStyles from "./date-field.css.ts";

export type TimeFieldProps = {
  readonly label: string;
  /** HH:mm (24-hour), as the domain reads a wall-clock time, or "" while none. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly description?: string;
  readonly errorMessage?: string;
  readonly isRequired?: boolean;
  readonly isInvalid?: boolean;
  /** Focus the first segment (hour) when the field appears. */
  readonly autoFocus?: boolean;
};

const toTime = (value: string): Time | null => {
  try {
    return value === "" ? null : parseTime(value);
  } catch {
    return null;
  }
};

const pad = (n: number) => String(n).padStart(2, "0");

// React Aria's TimeField, the DateField's sibling: hour, minute and AM/PM as separate spin-button
// segments (h:mm a, as the portal shows times), typed or stepped with the arrows, each announced
// with its name; a browser's native time input could not be typed into reliably by keyboard. The
// time travels as HH:mm; which day and zone it belongs to is the form's (domain/shared/calendar.ts).
export function TimeField({ label, value, onChange, description, errorMessage, isRequired, isInvalid, autoFocus }: TimeFieldProps) {
  return (
    <AriaTimeField
      className={styles.field}
      value={toTime(value)}
      onChange={(time) => onChange(time === null ? "" : `${pad(time.hour)}:${pad(time.minute)}`)}
      {...(isRequired === undefined ? {} : { isRequired })}
      {...(isInvalid === undefined ? {} : { isInvalid })}
      {...(autoFocus === undefined ? {} : { autoFocus })}
    >
      <Label className={styles.label}>{label}</Label>
      <DateInput className={`${styles.input} ${dateStyles.input}`}>{(segment) => <DateSegment segment={segment} className={dateStyles.segment} />}</DateInput>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTimeField>
  );
}
