import type { Key } from "react-aria-components";
import { Button, ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text } from "react-aria-components";
import type { ComboBoxFieldProps, ComboBoxOption } from "./combo-box-field.tsx";
import * as listStyles from "./list-popover.css.ts";
import * as styles from "./text-field.css.ts";

// React Aria's ComboBox for long lists picked by typing (country, state and city on the patient
// form): the text filters, arrows move through the matches, Enter chooses, Escape restores. Only
// a listed option can be chosen, so a place the server does not know is never sent. The list opens
// on typing or ArrowDown, not on focus, so tabbing through a form does not cover it with a list.
// Its own chunk (ui/kit/combo-box-field.tsx loads it after the page's heading); `autoFocus` when the
// placeholder it replaces had the focus, so a keyboard user who tabbed in early keeps their place.
export function ComboBoxFieldBody(props: ComboBoxFieldProps & { readonly autoFocus: boolean }) {
  const { label, options, inputValue, onInputChange, value, onChange, description, errorMessage, isRequired, isInvalid, emptyText, autoFocus, keepsTypedText, opensWhileEmpty } = props;
  return (
    <ComboBox
      className={styles.field}
      items={options}
      inputValue={inputValue}
      onInputChange={onInputChange}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => {
        // Both the text and the choice are the caller's, so the chosen place's name is written back here.
        const chosen = options.find((option) => option.id === key);
        if (chosen !== undefined) onInputChange(chosen.label);
        onChange(key === null ? null : String(key));
      }}
      menuTrigger="input"
      autoFocus={autoFocus}
      allowsCustomValue={keepsTypedText === true}
      allowsEmptyCollection={opensWhileEmpty === true}
      {...(isRequired === undefined ? {} : { isRequired })}
      {...(isInvalid === undefined ? {} : { isInvalid })}
    >
      <Label className={styles.label}>{label}</Label>
      <div className={listStyles.trigger}>
        <Input className={styles.input} />
        <Button className={styles.input} aria-label={`Show ${label.toLowerCase()} options`}>
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
      <Popover className={listStyles.popover}>
        <ListBox className={listStyles.listBox} renderEmptyState={() => <div className={listStyles.option}>{emptyText ?? "No match"}</div>}>
          {(option: ComboBoxOption) => (
            <ListBoxItem id={option.id} className={listStyles.option}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
