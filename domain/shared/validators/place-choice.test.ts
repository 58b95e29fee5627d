import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { type KnownPlace, misplacedPlace } from "./place-choice.ts";

// A small world: countries 1-3; states 10*c+s of country c; cities 100*c+10*s+k of state 10*c+s,
// and cities 100*c+k (k 1-3) of a country without states (country 3 has none).
const world = new Map<number, KnownPlace>();
for (const c of [1, 2, 3]) {
  world.set(c, { kind: "country", parentId: null });
  if (c === 3) {
    for (const k of [1, 2, 3]) world.set(100 * c + k, { kind: "city", parentId: c });
    continue;
  }
  for (const s of [1, 2]) {
    world.set(10 * c + s, { kind: "state", parentId: c });
    for (const k of [1, 2]) world.set(100 * c + 10 * s + k, { kind: "city", parentId: 10 * c + s });
  }
}
const placeOf = (id: number) => world.get(id);
const idsOf = (kind: string, parentId: number | null) => [...world].filter(([, place]) => place.kind === kind && place.parentId === parentId).map(([id]) => id);

// A choice made by walking down the list, as the form's pickers offer it.
const walkedChoice = fc.constantFrom(1, 2, 3).chain((countryId) => {
  const states = idsOf("state", countryId);
  return fc.option(fc.constantFrom(...(states.length === 0 ? [0] : states)), { nil: null }).chain((picked) => {
    const stateId = states.length === 0 ? null : picked;
    const cities = idsOf("city", stateId ?? countryId);
    return fc.option(fc.constantFrom(...(cities.length === 0 ? [0] : cities)), { nil: null }).map((city) => ({ countryId, stateId, cityId: cities.length === 0 ? null : city }));
  });
});

describe("a contact block's chosen places", () => {
  it("accepts nothing chosen, and names the first place that does not fit", () => {
    expect(misplacedPlace({ countryId: null, stateId: null, cityId: null }, placeOf)).toBeNull();
    expect(misplacedPlace({ countryId: 11, stateId: null, cityId: null }, placeOf)).toBe("country");
    expect(misplacedPlace({ countryId: 1, stateId: 21, cityId: null }, placeOf)).toBe("state");
    expect(misplacedPlace({ countryId: 1, stateId: 11, cityId: 121 }, placeOf)).toBe("city");
    expect(misplacedPlace({ countryId: 3, stateId: null, cityId: 302 }, placeOf)).toBeNull();
  });

  test.prop([walkedChoice])("every choice the pickers can make fits together", (choice) => {
    expect(misplacedPlace(choice, placeOf)).toBeNull();
  });

  test.prop([walkedChoice, fc.constantFrom("countryId", "stateId", "cityId"), fc.integer({ min: 1000, max: 10_000 })])(
    "a place that does not exist is refused by its own name",
    (choice, field, unknownId) => {
      const broken = { ...choice, [field]: unknownId };
      expect(misplacedPlace(broken, placeOf)).toBe(field === "countryId" ? "country" : field === "stateId" ? "state" : "city");
    },
  );

  test.prop([walkedChoice, fc.constantFrom(1, 2, 3)])("a state or city of another country never fits", (choice, other) => {
    fc.pre(other !== choice.countryId);
    const foreignState = idsOf("state", other)[0];
    if (foreignState !== undefined) expect(misplacedPlace({ ...choice, stateId: foreignState, cityId: null }, placeOf)).toBe("state");
    const foreignCity = idsOf("city", idsOf("state", other)[0] ?? other)[0];
    if (foreignCity !== undefined) expect(misplacedPlace({ ...choice, cityId: foreignCity }, placeOf)).not.toBeNull();
  });
});
