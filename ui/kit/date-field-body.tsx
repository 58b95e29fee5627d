import { type CalendarDate, parseDate } from "@internationalized/date";
import { DateField as AriaDateField, DateInput, DateSegment, FieldError, Label, Text } from "react-aria-components";
import * as styles from "./text-field.css.ts";
import * as dateStyles from "./date-field.css.ts";
import type { DateFieldProps } from "./date-field.tsx";

const toCalendarDate = (value: string): CalendarDate | null => {
  try {
    return value === "" ? null : parseDate(value);
  } catch {
    return null;
  }
};

// React Aria's DateField: month, day and year as separate spin-button segments in US order
// (MM/dd/yyyy, as the portal shows dates), typed or stepped with the arrows, each announced with
// its name. A whole date travels as yyyy-MM-dd; the rules (a real day, not in the future for a
// birthdate) stay in domain/ and come back through `errorMessage`. Its own chunk, loaded after the
// page's heading by ui/kit/date-field.tsx.
export function DateFieldBody({ label, value, onChange, description, errorMessage, isRequired, isInvalid, autoFocus }: DateFieldProps) {
  return (
    <AriaDateField
      className={styles.field}
      value={toCalendarDate(value)}
      onChange={(date) => onChange(date === null ? "" : date.toString())}
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
    </AriaDateField>
  );
}
