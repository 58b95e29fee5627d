import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { decodeStrict, encodeWire } from "../shared/wire/decode.ts";
import {
  EMPTY_PATIENT_FILTERS,
  type PatientListFilters,
  apiQueryOfFilters,
  filtersFromQuery,
  isFiltered,
  normalizeFilters,
  queryOfFilters,
  withFilters,
} from "./patient-list-filters.ts";
import { PatientListQuery } from "./patients-wire.ts";
import { formatQueryString } from "../shared/wire/query-pairs.ts";
import { encodeCursor, parseCursor } from "../shared/wire/page-cursor.ts";

const filtersArb: fc.Arbitrary<PatientListFilters> = fc.record({
  // Control characters never reach the search box's value (a text input drops them).
  search: fc.string({ maxLength: 120 }).filter((text) => [...text].every((char) => char >= " " && char !== "\u007f")),
  statuses: fc.array(fc.constantFrom("active" as const, "pending" as const, "inactive" as const), { maxLength: 5 }),
  review: fc.array(fc.constantFrom("pending" as const, "reviewed" as const), { maxLength: 3 }),
  gameLevels: fc.array(fc.record({ gameId: fc.integer({ min: 1, max: 99_999 }), difficulty: fc.constantFrom("easy" as const, "medium" as const, "hard" as const) }), { maxLength: 30 }),
  ordering: fc.constantFrom("first_name" as const, "-first_name" as const, "created_at" as const, "-created_at" as const),
  page: fc.integer({ min: -5, max: 2_000_000 }),
});

/** The API query as a URL carries it: written with the endpoint's schema, as the client does. */
const asUrlValues = (query: ReturnType<typeof apiQueryOfFilters>): unknown => {
  const encoded = encodeWire(PatientListQuery)(query);
  if (!encoded.ok) throw new Error("the query of a list state does not encode");
  return encoded.value;
};

describe("the patients list's filter state in the address", () => {
  test.prop([filtersArb])("reads back what it wrote, in its one normal spelling", (filters) => {
    expect(filtersFromQuery(queryOfFilters(filters))).toEqual(normalizeFilters(filters));
  });

  test.prop([filtersArb])("writes one spelling per state: normalizing first changes nothing", (filters) => {
    expect(queryOfFilters(normalizeFilters(filters))).toEqual(queryOfFilters(filters));
  });

  test.prop([filtersArb])("survives the trip through the address bar's text", (filters) => {
    expect(filtersFromQuery(formatQueryString(queryOfFilters(filters)))).toEqual(normalizeFilters(filters));
  });

  test.prop([fc.string({ maxLength: 200 })])("opens any address, however mangled, as some list", (query) => {
    const filters = filtersFromQuery(query);
    expect(filters.page).toBeGreaterThanOrEqual(1);
    expect(filtersFromQuery(queryOfFilters(filters))).toEqual(filters);
  });

  it("leaves the defaults out, so the plain list has a plain address", () => {
    expect(formatQueryString(queryOfFilters(EMPTY_PATIENT_FILTERS))).toBe("");
    expect(formatQueryString(queryOfFilters({ ...EMPTY_PATIENT_FILTERS, statuses: ["inactive", "active"], page: 3 }))).toBe("status=active&status=inactive&page=3");
  });

  it("drops what it does not understand instead of refusing the link", () => {
    expect(filtersFromQuery("status=archived&status=active&review=maybe&level=0:easy&level=4:extreme&level=4:hard&page=-2&ordering=age")).toEqual({
      ...EMPTY_PATIENT_FILTERS,
      statuses: ["active"],
      gameLevels: [{ gameId: 4, difficulty: "hard" }],
    });
  });
});

describe("the GET patients/ query of a list state", () => {
  test.prop([filtersArb])("is accepted by the server's own query schema and means the same filters", (filters) => {
    const normal = normalizeFilters(filters);
    const decoded = decodeStrict(PatientListQuery)(asUrlValues(apiQueryOfFilters(filters)));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.value.page).toBe(normal.page);
    expect(decoded.value.page_size).toBe(10);
    expect(decoded.value.search ?? "").toBe(normal.search);
    expect(decoded.value.status).toEqual(normal.statuses);
    expect(decoded.value.reviewed).toEqual(normal.review.map((status) => status === "reviewed"));
    expect(decoded.value.ordering).toEqual([normal.ordering]);
    expect(decoded.value.available_game_levels ?? []).toEqual(normal.gameLevels.map((level) => ({ game_id: level.gameId, difficulty_level: level.difficulty })));
  });
});

describe("changing the filters", () => {
  test.prop([filtersArb, fc.constantFrom("active" as const, "pending" as const)])("starts again from the first page", (filters, status) => {
    expect(withFilters(filters, { statuses: [status] }).page).toBe(1);
  });

  it("says whether anything narrows the list", () => {
    expect(isFiltered(EMPTY_PATIENT_FILTERS)).toBe(false);
    expect(isFiltered({ ...EMPTY_PATIENT_FILTERS, ordering: "-created_at", page: 4 })).toBe(false);
    expect(isFiltered({ ...EMPTY_PATIENT_FILTERS, search: "  ana " })).toBe(true);
    expect(isFiltered({ ...EMPTY_PATIENT_FILTERS, gameLevels: [{ gameId: 2, difficulty: "easy" }] })).toBe(true);
  });
});

describe("the game-and-level filter", () => {
  it("shows the first game named and its levels, and writes one game's chosen levels (all it offers when none)", async () => {
    const { gameLevelsFor, shownGameFilter } = await import("./patient-list-filters.ts");
    expect(shownGameFilter([])).toBeNull();
    expect(shownGameFilter([{ gameId: 3, difficulty: "easy" }, { gameId: 5, difficulty: "hard" }, { gameId: 3, difficulty: "hard" }])).toEqual({ gameId: 3, difficulties: ["easy", "hard"] });
    expect(gameLevelsFor(4, [], ["easy", "medium"])).toEqual([{ gameId: 4, difficulty: "easy" }, { gameId: 4, difficulty: "medium" }]);
    expect(gameLevelsFor(4, ["hard"], ["easy", "medium", "hard"])).toEqual([{ gameId: 4, difficulty: "hard" }]);
    expect(gameLevelsFor(null, ["hard"], ["hard"])).toEqual([]);
  });
});

describe("the list's key cursor in the address", () => {
  const cursor = encodeCursor({ page: 7, after: true, order: "first_name", keys: ["zoe", 42] });

  it("goes with a page past the first to the address and the API query, and comes back", () => {
    const filters = { ...EMPTY_PATIENT_FILTERS, page: 7, cursor };
    const query = queryOfFilters(filters);
    expect(query).toContainEqual(["cursor", cursor]);
    expect(filtersFromQuery(query)).toEqual(filters);
    expect(apiQueryOfFilters(filters).cursor).toEqual(parseCursor(cursor));
  });

  it("is dropped on page 1, when mangled, and by any change of filters", () => {
    expect(normalizeFilters({ ...EMPTY_PATIENT_FILTERS, page: 1, cursor }).cursor).toBeUndefined();
    expect(filtersFromQuery(`page=7&cursor=${cursor}x!`).cursor).toBeUndefined();
    expect(filtersFromQuery(`page=7&cursor=${cursor}x!`).page).toBe(7);
    expect(withFilters({ ...EMPTY_PATIENT_FILTERS, page: 7, cursor }, { search: "ann" }).cursor).toBeUndefined();
  });
});
