import type { AuditPerson } from "../../../domain/audit/audit-people-wire.ts";
import { UserId } from "../../../domain/shared/ids.ts";
import { ROLE, ROLE_TITLES } from "../../../domain/shared/roles.ts";
import { IdPickerField } from "../../kit/id-picker-field.tsx";
import { useDebouncedValue } from "../../kit/use-debounced-value.ts";
import { useAuditPeople } from "./use-audit.ts";

const PEOPLE_SEARCH_DEBOUNCE_MS = 250;
const NUMBER = /^[1-9][0-9]{0,8}$/;

/** How a person reads in the list: name and role, and whether the account was deleted since. */
export const personLabel = (person: AuditPerson): string =>
  `${person.name} (${person.role === ROLE.staff ? "SLP" : ROLE_TITLES[person.role].toLowerCase()}${person.deleted ? ", deleted" : ""})`;

export type PersonPickerProps = {
  readonly value: string;
  readonly text: string;
  readonly onTextChange: (text: string) => void;
  readonly onChange: (id: string) => void;
  readonly errorMessage?: string | undefined;
};

// The log's person filter (issue 38): an SLP or administrator of the institution (the super
// administrator: an administrator), deleted accounts too, picked by typing part of a name, an
// e-mail or the user number (GET audit/people/). The address keeps the id; opened with one, the
// field shows the person's name once it arrives, their number until then.
export function PersonPicker({ value, text, onTextChange, onChange, errorMessage }: PersonPickerProps) {
  const search = useDebouncedValue(value === "" ? text.trim() : "", PEOPLE_SEARCH_DEBOUNCE_MS);
  const found = useAuditPeople(NUMBER.test(search) ? { user: UserId.make(Number(search)) } : { search }, search !== "");
  // The chosen person's name, read only while the field shows them by id (no text); the 1 is a key never asked for.
  const chosen = useAuditPeople({ user: UserId.make(Number(value) || 1) }, value !== "" && text === "");
  const named = chosen.data?.results.find((person) => String(person.id) === value);
  return (
    <IdPickerField
      label="Person"
      description="An SLP or administrator: type part of a name, an e-mail or the user number and choose from the list"
      value={value}
      text={text}
      chosenLabel={named === undefined ? `Person ${value}` : personLabel(named)}
      options={search === "" ? [] : (found.data?.results ?? []).map((person) => ({ id: String(person.id), label: personLabel(person) }))}
      onTextChange={onTextChange}
      onChange={onChange}
      emptyText={found.isFetching ? "Loading…" : search === "" ? "Type part of a name" : "No person matches"}
      errorMessage={errorMessage}
    />
  );
}
