import { fc, test } from "@fast-check/vitest";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { decodeStrict } from "./decode.ts";
import { MAX_PAGE_SIZE, Paged, PagedOptionalCount, pageQueryFields, searchQueryField } from "./paged.ts";
import { pagedArb, roundTrip } from "./wire-arbitraries.test-helper.ts";

const Query = Schema.Struct({ ...pageQueryFields(5), ...searchQueryField });
const Row = Schema.Struct({ name: Schema.String });

describe("paging query", () => {
  it("defaults to page 1 and the list's own page size", () => {
    expect(decodeStrict(Query)({})).toEqual({ ok: true, value: { page: 1, page_size: 5 } });
  });

  it("reads page, size and search from strings", () => {
    expect(decodeStrict(Query)({ page: "3", page_size: "20", search: "ann" })).toEqual({
      ok: true,
      value: { page: 3, page_size: 20, search: "ann" },
    });
  });

  it(`caps the page size at ${MAX_PAGE_SIZE}`, () => {
    expect(decodeStrict(Query)({ page_size: "100" }).ok).toBe(true);
    expect(decodeStrict(Query)({ page_size: "101" })).toMatchObject({ ok: false, field: "page_size" });
  });

  it("refuses page 0 and unknown keys", () => {
    expect(decodeStrict(Query)({ page: "0" })).toMatchObject({ ok: false, field: "page" });
    expect(decodeStrict(Query)({ sort: "name" })).toMatchObject({ ok: false, field: "sort" });
  });

  test.prop([fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: MAX_PAGE_SIZE }), fc.option(fc.string({ maxLength: 200 }), { nil: undefined })])(
    "any sane page request round-trips",
    (page, size, search) => {
      const wire = { page: String(page), page_size: String(size), ...(search === undefined ? {} : { search }) };
      const trip = roundTrip(Query, wire);
      expect(trip.decoded.ok).toBe(true);
      expect(trip.encoded).toEqual({ ok: true, value: wire });
      expect(trip.decodedAgain).toEqual(trip.decoded);
    },
  );

  test.prop([fc.anything()])("never throws", (input) => {
    expect(() => decodeStrict(Query)(input)).not.toThrow();
  });
});

describe("pages of rows", () => {
  it("needs the total count where the spec promises it", () => {
    const page = { current_page: 1, total_pages: 1, results: [{ name: "a" }] };
    expect(decodeStrict(Paged(Row))(page)).toMatchObject({ ok: false, field: "count" });
    expect(decodeStrict(PagedOptionalCount(Row))(page).ok).toBe(true);
  });

  test.prop([pagedArb(fc.record({ name: fc.string() }))])("a page round-trips", (page) => {
    const trip = roundTrip(Paged(Row), page);
    expect(trip.decoded).toEqual({ ok: true, value: page });
    expect(trip.decodedAgain).toEqual(trip.decoded);
  });
});
