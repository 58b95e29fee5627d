import { useState } from "react";
import type { PlaceKind, Place } from "../../../domain/shared/wire/place.ts";
import type { PlaceId } from "../../../domain/shared/ids.ts";
import { ComboBoxField } from "../../kit/combo-box-field.tsx";
import { useDebouncedValue } from "../../kit/use-debounced-value.ts";
import { usePlaces } from "./use-patients.ts";

const PLACE_SEARCH_DEBOUNCE_MS = 250;

export type PlacePickerProps = {
  readonly label: string;
  readonly kind: PlaceKind;
  /** The country of a state, the state (or country) of a city; without it a state or city cannot be picked yet. */
  readonly parent?: PlaceId | undefined;
  readonly value: Place | null;
  readonly onChange: (place: Place | null) => void;
  readonly errorMessage?: string | undefined;
  readonly description?: string;
};

// A searchable place picker (country, state, city): what is typed asks the server for matches,
// only a listed place can be chosen, and clearing the text clears the choice.
export function PlacePicker({ label, kind, parent, value, onChange, errorMessage, description }: PlacePickerProps) {
  const [text, setText] = useState(value?.name ?? "");
  const [shownFor, setShownFor] = useState(value?.id ?? null);
  // A choice made elsewhere (a new country empties the state) shows in the box.
  if ((value?.id ?? null) !== shownFor) {
    setShownFor(value?.id ?? null);
    setText(value?.name ?? "");
  }
  const needsParent = kind !== "country";
  const enabled = !needsParent || parent !== undefined;
  const search = useDebouncedValue(text === value?.name ? "" : text.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const places = usePlaces({ kind, ...(parent === undefined ? {} : { parent }), search }, enabled);
  const found = places.data ?? [];
  // The chosen place stays an option while other matches load.
  const options = [...(value !== null && !found.some((place) => place.id === value.id) ? [value] : []), ...found].map((place) => ({
    id: String(place.id),
    label: place.name,
  }));
  return (
    <ComboBoxField
      label={label}
      options={enabled ? options : []}
      inputValue={text}
      onInputChange={(typed) => {
        setText(typed);
        if (typed.trim() === "" && value !== null) onChange(null);
      }}
      value={value === null ? null : String(value.id)}
      onChange={(id) => onChange(id === null ? null : ([...(value === null ? [] : [value]), ...found].find((place) => String(place.id) === id) ?? null))}
      emptyText={!enabled ? `Choose the ${kind === "state" ? "country" : "country or state"} first` : places.isFetching ? "Loading…" : "No match"}
      {...(description === undefined ? {} : { description })}
      {...(errorMessage === undefined ? {} : { errorMessage, isInvalid: true })}
    />
  );
}
