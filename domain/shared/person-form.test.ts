import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { PlaceId } from "./ids.ts";
import {
  contactChanges,
  contactDraftOf,
  contactMessagesAsTyped,
  type ContactWrite,
  contactWriteOf,
  EMPTY_CONTACT_DRAFT,
  type PersonContactDraft,
  personFieldOfServerField,
  savesNothing,
  storedContactOf,
  withPersonChange,
} from "./person-form.ts";
import type { Place } from "./wire/place.ts";

// What the patient and SLP forms share: how a picked place narrows the ones under it, the postal
// code checked as typed, the contact block a save writes and what an edit of it changes.
const place = fc.record({ id: fc.integer({ min: 1, max: 6 }).map((id) => PlaceId.make(id)), name: fc.constantFrom("United States", "Germany", "Oregon"), code2: fc.constantFrom("US", "DE", null), alternate_names: fc.constant([]) });
const maybePlace = fc.option(place, { nil: null });
const text = fc.oneof(fc.constant(""), fc.string({ maxLength: 12 }), fc.constantFrom("97201", "1 Main St"));
const draft: fc.Arbitrary<PersonContactDraft> = fc.record({ phone: text, address_1: text, address_2: text, zip_code: text, country: maybePlace, state: maybePlace, city: maybePlace });
const write: fc.Arbitrary<ContactWrite> = fc.record({
  address_1: fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: null }),
  address_2: fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: null }),
  country: fc.option(fc.integer({ min: 1, max: 4 }).map((id) => PlaceId.make(id)), { nil: null }),
  state: fc.option(fc.integer({ min: 1, max: 4 }).map((id) => PlaceId.make(id)), { nil: null }),
  city: fc.option(fc.integer({ min: 1, max: 4 }).map((id) => PlaceId.make(id)), { nil: null }),
  zip_code: fc.option(fc.constantFrom("97201", "10115"), { nil: null }),
  phone: fc.option(fc.constantFrom("+14155552671", "+4930901820"), { nil: null }),
});

describe("a person form's contact part (property)", () => {
  test.prop([draft, maybePlace])("a picked country keeps the state and city only when it is the same country, and touches nothing else", (before, country) => {
    const after = withPersonChange(before, "country", country);
    const same = country?.id === before.country?.id;
    expect(after.country).toBe(country);
    expect([after.state, after.city]).toEqual(same ? [before.state, before.city] : [null, null]);
    expect({ ...after, country: null, state: null, city: null }).toEqual({ ...before, country: null, state: null, city: null });
  });

  test.prop([draft, maybePlace])("a picked state keeps the city only when it is the same state; a picked city changes only the city", (before, picked) => {
    const state = withPersonChange(before, "state", picked);
    expect([state.country, state.state, state.city]).toEqual([before.country, picked, picked?.id === before.state?.id ? before.city : null]);
    expect(withPersonChange(before, "city", picked)).toEqual({ ...before, city: picked });
  });

  test.prop([draft, fc.constantFrom("phone", "address_1", "address_2"), text])("a typed text takes its value and brings up no message", (before, field, value) => {
    expect(withPersonChange(before, field, value)).toEqual({ ...before, [field]: value });
    expect(contactMessagesAsTyped({ ...before, [field]: value }, field)).toEqual({});
  });

  test.prop([draft, fc.constantFrom("zip_code", "country", "state", "city")])("a blank postal code is never refused, whatever place is picked", (before, changed) => {
    expect(contactMessagesAsTyped({ ...before, zip_code: "  " }, changed)).toEqual({ zip_code: undefined });
  });

  test.prop([write, write])("an edit writes exactly the fields that differ, and laid over the stored block gives the written one", (stored, written) => {
    const changed = contactChanges(stored, written);
    expect({ ...stored, ...changed }).toEqual(written);
    for (const key of Object.keys(changed) as (keyof ContactWrite)[]) expect(changed[key]).not.toBe(stored[key]);
    expect(contactChanges(written, written)).toEqual({});
  });

  test.prop([fc.constantFrom("first_name", "zip_code", "phone"), fc.constantFrom("", "contact_info.", "a.b.")])("a refusal names a field by the last part of its path", (field, prefix) => {
    expect(personFieldOfServerField(["first_name", "zip_code", "phone"] as const)(`${prefix}${field}`)).toBe(field);
    expect(personFieldOfServerField(["first_name"] as const)(`${prefix}version`)).toBeNull();
  });
});

describe("a person form's contact part", () => {
  const US: Place = { id: PlaceId.make(1), name: "United States", code2: "US", alternate_names: [] };

  it("opens on a record with blanks for what is not on file, and writes it back unchanged", () => {
    const stored = { address_1: "1 Main St", address_2: null, city: null, state: null, country: US, zip_code: "97201", phone: null };
    const opened = contactDraftOf(stored);
    expect(opened).toEqual({ ...EMPTY_CONTACT_DRAFT, address_1: "1 Main St", country: US, zip_code: "97201" });
    expect(contactChanges(storedContactOf(stored), contactWriteOf(opened, { ...opened, phone: null }))).toEqual({});
  });

  it("has nothing to send only for an edit that changes nothing", () => {
    expect(savesNothing({ kind: "update", body: {} })).toBe(true);
    expect(savesNothing({ kind: "update", body: { first_name: "Ann" } })).toBe(false);
    expect(savesNothing({ kind: "create", body: {} })).toBe(false);
  });
});
