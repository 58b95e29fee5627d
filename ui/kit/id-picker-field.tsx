import { ComboBoxField, type ComboBoxOption } from "./combo-box-field.tsx";

export type IdPickerFieldProps = {
  readonly label: string;
  readonly description?: string;
  readonly errorMessage?: string | undefined;
  /** The chosen record's id; "" for none. */
  readonly value: string;
  /** What is typed; "" while the field shows the chosen record (opened from an address that names its id). */
  readonly text: string;
  /** The chosen record's label: its name once known, its number until then. */
  readonly chosenLabel: string;
  /** The records matching what is typed (the caller asks the server). */
  readonly options: readonly ComboBoxOption[];
  readonly onTextChange: (text: string) => void;
  /** The id chosen, or "" when the text no longer names the chosen record. */
  readonly onChange: (id: string) => void;
  /** Said in the list while nothing matches (or while it loads). */
  readonly emptyText: string;
};

/**
 * A record picked by name where the address and the query hold its id (the audit log's person and
 * patient filters): the kit's lazy ComboBoxField, its text and id kept by the caller's form, so a
 * name that matches no one stays as typed for the form to say so. Opened with an id and no text,
 * it shows the record's label (its number until the name arrives). Editing the text of a chosen
 * record unchooses it, so what is shown is always what applies.
 */
export function IdPickerField(props: IdPickerFieldProps) {
  const { value, text, chosenLabel, onTextChange, onChange } = props;
  const shown = text !== "" || value === "" ? text : chosenLabel;
  const chosen = value !== "" && !props.options.some((option) => option.id === value) ? [{ id: value, label: shown }] : [];
  return (
    <ComboBoxField
      label={props.label}
      {...(props.description === undefined ? {} : { description: props.description })}
      options={[...chosen, ...props.options]}
      inputValue={shown}
      onInputChange={(typed) => {
        if (typed === shown) return;
        onTextChange(typed);
        if (value !== "") onChange("");
      }}
      value={value === "" ? null : value}
      onChange={(id) => {
        if (id !== null && id !== value) onChange(id);
      }}
      emptyText={props.emptyText}
      keepsTypedText
      opensWhileEmpty
      {...(props.errorMessage === undefined ? {} : { errorMessage: props.errorMessage, isInvalid: true })}
    />
  );
}
