import { Suspense, useState } from "react";
import * as dateStyles from "./date-field.css.ts";
import { FieldPlaceholder } from "./field-placeholder.tsx";
import { lazyField } from "./lazy-field.ts";
import * as styles from "./text-field.css.ts";

export type DateFieldProps = {
  readonly label: string;
  /** yyyy-MM-dd, the wire's CalendarDate, or "" while none. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly description?: string;
  readonly errorMessage?: string;
  readonly isRequired?: boolean;
  readonly isInvalid?: boolean;
  /** Focus the first segment (month) when the field appears: the first field of a form that just opened. */
  readonly autoFocus?: boolean;
};

// React Aria's date field with @internationalized/date (date-field-body.tsx, about 22 kB gzip).
const DateFieldBody = lazyField<DateFieldProps>(() => import("./date-field-body.tsx").then((module) => module.DateFieldBody));

/** yyyy-MM-dd as the field shows it (MM/dd/yyyy), or its segments' placeholder while empty. */
const shown = (value: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match === null ? "mm/dd/yyyy" : `${match[2]}/${match[3]}/${match[1]}`;
};

/**
 * A date typed as month, day and year segments (date-field-body.tsx). Its code is a chunk asked for
 * after the page's heading (issue 35: the patient form and the audit log's filters had it on the
 * path to their heading); a read-only field of the same label and size holds its place meanwhile
 * and hands its focus (or the caller's autoFocus) to the first segment.
 */
export function DateField(props: DateFieldProps) {
  const [placeholderFocused, setPlaceholderFocused] = useState(false);
  const placeholder = (
    <FieldPlaceholder {...props} text={shown(props.value)} onFocusChange={setPlaceholderFocused} inputClassName={`${styles.input} ${dateStyles.input}`} />
  );
  return (
    <Suspense fallback={placeholder}>
      <DateFieldBody {...props} autoFocus={props.autoFocus === true || placeholderFocused} />
    </Suspense>
  );
}
