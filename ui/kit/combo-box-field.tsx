import { Suspense, useState } from "react";
import { FieldPlaceholder } from "./field-placeholder.tsx";
import * as listStyles from "./list-popover.css.ts";
import { lazyField } from "./lazy-field.ts";
import * as styles from "./text-field.css.ts";

export type ComboBoxOption = { readonly id: string; readonly label: string };

export type ComboBoxFieldProps = {
  readonly label: string;
  /** The options for what is typed now (the caller filters or asks the server, e.g. places). */
  readonly options: readonly ComboBoxOption[];
  readonly inputValue: string;
  readonly onInputChange: (text: string) => void;
  readonly value: string | null;
  readonly onChange: (id: string | null) => void;
  readonly description?: string;
  readonly errorMessage?: string;
  readonly isRequired?: boolean;
  readonly isInvalid?: boolean;
  /** Said in the list while no option matches (or while they load). */
  readonly emptyText?: string;
  /**
   * Keep what is typed when no option is chosen (leaving the field otherwise puts the chosen
   * option's text back, or empties it): for a form that says "no one matches" under the field
   * rather than dropping the text (the audit log's person and patient filters).
   */
  readonly keepsTypedText?: boolean;
  /**
   * Open the list as soon as something is typed, before any option is there, with `emptyText`
   * ("Loading…", "No one matches"): for options the server sends a moment later, which would not
   * open a closed list by themselves, so a keyboard or screen reader user hears what is happening.
   */
  readonly opensWhileEmpty?: boolean;
};

// React Aria's combo box, list box and popover (combo-box-field-body.tsx).
const ComboBoxFieldBody = lazyField<ComboBoxFieldProps & { readonly autoFocus: boolean }>(() =>
  import("./combo-box-field-body.tsx").then((module) => module.ComboBoxFieldBody),
);

/**
 * A combo box for long lists picked by typing (country, state, city, SLP, institution, time zone):
 * React Aria's ComboBox (combo-box-field-body.tsx). Its code, React Aria's combo box, list box and
 * popover (about 25 kB gzip), is a chunk asked for after the page's heading (issue 35: six routes
 * had it on the path to their heading). Meanwhile a read-only field of the same label, value and
 * size holds its place, so nothing moves when it arrives, and a keyboard user who tabbed into it
 * keeps the focus in the real one.
 */
export function ComboBoxField(props: ComboBoxFieldProps) {
  const [placeholderFocused, setPlaceholderFocused] = useState(false);
  const placeholder = (
    <FieldPlaceholder {...props} text={props.inputValue} onFocusChange={setPlaceholderFocused} wrapperClassName={listStyles.trigger}>
      <span className={styles.input} aria-hidden="true">
        ▾
      </span>
    </FieldPlaceholder>
  );
  return (
    <Suspense fallback={placeholder}>
      <ComboBoxFieldBody {...props} autoFocus={placeholderFocused} />
    </Suspense>
  );
}
