import { fc, test } from "@fast-check/vitest";
import { expect, it } from "vitest";
import type * as Schema from "effect/Schema";
import type { Result } from "../result.ts";
import { decodeStrict, encodeWire } from "./decode.ts";

// Generators of valid values in their wire (encoded) form, shared by the wire schema tests.

export const idArb = fc.integer({ min: 1, max: 2_147_483_647 });

const dateArb = fc.date({
  min: new Date("1900-01-01T00:00:00.000Z"),
  max: new Date("2999-12-31T23:59:59.999Z"),
  noInvalidDate: true,
});
export const isoDateTimeArb = dateArb.map((date) => date.toISOString());
export const calendarDateArb = dateArb.map((date) => date.toISOString().slice(0, 10));

/** Text as the wire keeps it: already trimmed, within its bound. */
export const trimmedTextArb = (maxLength: number) =>
  fc.string({ maxLength }).map((text) => text.trim());
export const nameArb = trimmedTextArb(150);
export const emailArb = fc
  .emailAddress()
  .filter((email) => email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email));
export const maskedPhoneArb = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.stringMatching(/^[0-9]{4}$/))
  .map(([hidden, last]) => "*".repeat(hidden) + last);
export const tokenArb = fc.string({ minLength: 1, maxLength: 300 });
export const mfaMethodArb = fc.constantFrom("email", "sms", "app");
export const roleCodeArb = fc.constantFrom("super_admin", "institution_admin", "staff_admin", "staff");
export const roleRefArb = fc.record({ id: idArb, title: fc.string(), code_name: roleCodeArb });

export const placeArb = fc.record({
  id: idArb,
  name: fc.string(),
  code2: fc.option(fc.stringMatching(/^[A-Z]{2}$/), { nil: null }),
  alternate_names: fc.array(fc.string(), { maxLength: 3 }),
});
export const contactInfoArb = fc.record({
  address_1: fc.option(trimmedTextArb(255), { nil: null }),
  address_2: fc.option(trimmedTextArb(255), { nil: null }),
  city: fc.option(placeArb, { nil: null }),
  state: fc.option(placeArb, { nil: null }),
  country: fc.option(placeArb, { nil: null }),
  zip_code: fc.option(trimmedTextArb(20), { nil: null }),
  phone: fc.option(trimmedTextArb(32), { nil: null }),
});
export const contactInfoWriteArb = fc.record(
  {
    address_1: fc.option(trimmedTextArb(255), { nil: null }),
    address_2: fc.option(trimmedTextArb(255), { nil: null }),
    city: fc.option(idArb, { nil: null }),
    state: fc.option(idArb, { nil: null }),
    country: fc.option(idArb, { nil: null }),
    zip_code: fc.option(trimmedTextArb(20), { nil: null }),
    phone: fc.option(trimmedTextArb(32), { nil: null }),
  },
  { requiredKeys: [] },
);

/** A page of rows in wire form. */
export const pagedArb = <A>(item: fc.Arbitrary<A>) =>
  fc.record({
    current_page: fc.integer({ min: 1, max: 1000 }),
    total_pages: fc.integer({ min: 0, max: 1000 }),
    count: fc.integer({ min: 0, max: 100_000 }),
    results: fc.array(item, { maxLength: 5 }),
  });

type RoundTrip<T, E> = {
  readonly decoded: Result<T>;
  readonly encoded: Result<E> | undefined;
  readonly decodedAgain: Result<T> | undefined;
};

/** Decodes a wire value, encodes the result and decodes that again; each step is returned for the test to compare. */
export const roundTrip = <S extends Schema.Codec<unknown, unknown>>(
  schema: S,
  wire: unknown,
): RoundTrip<S["Type"], S["Encoded"]> => {
  const decoded = decodeStrict(schema)(wire);
  if (!decoded.ok) return { decoded, encoded: undefined, decodedAgain: undefined };
  const encoded = encodeWire(schema)(decoded.value);
  if (!encoded.ok) return { decoded, encoded, decodedAgain: undefined };
  return { decoded, encoded, decodedAgain: decodeStrict(schema)(encoded.value) };
};

type WireCase = readonly [Schema.Codec<unknown, unknown>, fc.Arbitrary<unknown>];

/** Registers the two properties every wire schema owes: valid wire values round-trip unchanged, and no input makes decoding throw. */
export const wireContractTests = (area: string, cases: readonly WireCase[]): void => {
  it.each(cases.map(([schema, arb], index) => [index, schema, arb] as const))(`${area} schema %i round-trips`, (_index, schema, arb) => {
    fc.assert(
      fc.property(arb, (wire) => {
        const trip = roundTrip(schema, wire);
        expect(trip.decoded.ok).toBe(true);
        expect(trip.encoded).toEqual({ ok: true, value: wire });
        expect(trip.decodedAgain).toEqual(trip.decoded);
      }),
    );
  });

  test.prop([fc.anything()])(`no ${area} schema throws on anything`, (input) => {
    for (const [schema] of cases) expect(() => decodeStrict(schema)(input)).not.toThrow();
  });
};
