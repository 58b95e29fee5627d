import type { Key } from "react-aria-components";
import { Button, FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from "react-aria-components";
import * as listStyles from "./list-popover.css.ts";
import * as styles from "./text-field.css.ts";

export type SelectOption = { readonly id: string; readonly label: string };

export type SelectFieldProps = {
  readonly label: string;
  readonly options: readonly SelectOption[];
  readonly value: string | null;
  readonly onChange: (id: string) => void;
  readonly description?: string;
  readonly errorMessage?: string;
  readonly isRequired?: boolean;
  readonly isInvalid?: boolean;
  readonly placeholder?: string;
  readonly name?: string;
  /** What the button says when there is nothing to choose from (the list is empty). */
  readonly emptyText?: string;
  /** Focus the button when the field appears: the first field of a form that just opened. */
  readonly autoFocus?: boolean;
};

// React Aria's Select: a labelled button that opens a list box; arrows move, typing jumps to an
// option, Enter chooses, Escape closes and focus returns to the button. For a short fixed list
// (a status, the assigned birth gender); long lists that need typing use ComboBoxField.
// Never React Aria's "Select an item": with nothing chosen it says "Choose one", and with nothing
// to choose from it says so and is disabled, rather than inviting a choice that cannot be made.
export function SelectField({ label, options, value, onChange, description, errorMessage, isRequired, isInvalid, placeholder, name, emptyText = "None available", autoFocus }: SelectFieldProps) {
  const empty = options.length === 0;
  return (
    <Select
      className={styles.field}
      selectedKey={value}
      placeholder={empty ? emptyText : (placeholder ?? "Choose one")}
      isDisabled={empty}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) onChange(String(key));
      }}
      {...(isRequired === undefined ? {} : { isRequired })}
      {...(isInvalid === undefined ? {} : { isInvalid })}
      {...(autoFocus === undefined ? {} : { autoFocus })}
      {...(name === undefined ? {} : { name })}
    >
      <Label className={styles.label}>{label}</Label>
      <Button className={`${styles.input} ${listStyles.trigger}`}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
      <Popover className={listStyles.popover}>
        <ListBox className={listStyles.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className={listStyles.option}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
