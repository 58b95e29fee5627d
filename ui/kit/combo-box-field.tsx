import { type ComponentType, useEffect, useId, useRef, useState } from "react";
import * as listStyles from "./list-popover.css.ts";
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
};

type Body = ComponentType<ComboBoxFieldProps & { readonly autoFocus: boolean }>;

// Once one combo box has its code, every later one renders it at once (no placeholder flash).
let loadedBody: Body | null = null;
const loadBody = (): Promise<Body> =>
  import("./combo-box-field-body.tsx").then((module) => {
    loadedBody = module.ComboBoxFieldBody;
    return loadedBody;
  });

/**
 * A combo box for long lists picked by typing (country, state, city, SLP, institution, time zone):
 * React Aria's ComboBox (combo-box-field-body.tsx). Its code, React Aria's combo box, list box and
 * popover (about 25 kB gzip), is a chunk asked for after the page's heading (issue 35: six routes
 * had it on the path to their heading). Meanwhile a read-only field of the same label, value and
 * size holds its place, so nothing moves when it arrives, and a keyboard user who tabbed into it
 * keeps the focus in the real one.
 */
export function ComboBoxField(props: ComboBoxFieldProps) {
  const placeholderFocused = useRef(false);
  const [Body, setBody] = useState<Body | null>(() => loadedBody);
  useEffect(() => {
    if (Body !== null) return;
    let live = true;
    // Asked for in a task after the commit, as ui/kit/after-heading.tsx does: the browser has
    // painted the heading by then. The placeholder stays in one place until the real field
    // replaces it, so its focus (read in that render) carries over.
    const task = window.setTimeout(() => {
      void loadBody().then((loaded) => {
        if (live) setBody(() => loaded);
      });
    }, 0);
    return () => {
      live = false;
      window.clearTimeout(task);
    };
  }, [Body]);
  if (Body === null) return <ComboBoxPlaceholder {...props} focused={placeholderFocused} />;
  return <Body {...props} autoFocus={placeholderFocused.current} />;
}

function ComboBoxPlaceholder(props: ComboBoxFieldProps & { readonly focused: { current: boolean } }) {
  const { label, inputValue, description, errorMessage, isRequired, isInvalid, focused } = props;
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, isInvalid && errorMessage ? `${id}-error` : null].filter((part) => part !== null);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-input`}>
        {label}
      </label>
      <div className={listStyles.trigger}>
        <input
          id={`${id}-input`}
          className={styles.input}
          value={inputValue}
          readOnly
          aria-busy="true"
          aria-required={isRequired === true ? true : undefined}
          aria-invalid={isInvalid === true ? true : undefined}
          aria-describedby={describedBy.length === 0 ? undefined : describedBy.join(" ")}
          onFocus={() => {
            focused.current = true;
          }}
          onBlur={() => {
            focused.current = false;
          }}
        />
        <span className={styles.input} aria-hidden="true">
          ▾
        </span>
      </div>
      {description ? (
        <span id={`${id}-description`} className={styles.description}>
          {description}
        </span>
      ) : null}
      {isInvalid && errorMessage ? (
        <span id={`${id}-error`} className={styles.error}>
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}
