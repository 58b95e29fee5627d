import type { Prng } from "../prng.ts";
import { STREET_NAMES, STREET_SUFFIXES } from "./demo-names.ts";
import type { CityPlace } from "./place-lookup.ts";

export type ContactBlock = {
  readonly address1: string;
  readonly address2: string;
  readonly cityId: number;
  readonly stateId: number;
  readonly countryId: number;
  readonly zipCode: string;
  readonly phone: string | null;
};

/**
 * A plausible address in a seeded city: a real postal code of that city and, in the US, a
 * phone number in the 555-01xx range reserved for fiction.
 */
export const contactIn = (city: CityPlace, prng: Prng): ContactBlock => ({
  address1: `${prng.int(1, 9899)} ${prng.pick(STREET_NAMES)} ${prng.pick(STREET_SUFFIXES)}`,
  address2: prng.chance(0.25) ? `Apt ${prng.int(1, 30)}${prng.pick(["A", "B", "C", "D"])}` : "",
  cityId: city.cityId,
  stateId: city.stateId,
  countryId: city.countryId,
  zipCode: prng.pick(city.zipCodes),
  phone: city.areaCode === null ? null : `+1${city.areaCode}55501${String(prng.int(0, 99)).padStart(2, "0")}`,
});
