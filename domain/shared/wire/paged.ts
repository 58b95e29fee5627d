import * as Effect from "effect/Effect";
import * as Schema from "effect/Schema";
import { positiveIntFromQuery } from "./query-string.ts";
import { cursorAnswerFields } from "./page-cursor-answer.ts";
import { isTypedText } from "./text-fields.ts";

/** The largest page any list hands out: enough for a screen, too small to dump a whole table. */
export const MAX_PAGE_SIZE = 100;

const PositiveInt = Schema.Int.check(Schema.isGreaterThan(0));
/** A count of things (rows, members, games to review): a whole number from 0. */
export const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0));

/** The page number asked for, from 1. */
export const PageNumber = PositiveInt;
/** How many rows one page holds, 1 to MAX_PAGE_SIZE. */
export const PageSize = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_PAGE_SIZE }));

/** A free-text search as typed in a list's search box. */
export const SearchText = Schema.String.check(Schema.isMaxLength(200), isTypedText());

/**
 * The paging keys of a list query, read from a URL. Absent keys take page 1 and the list's own
 * default size (administrators 5, patients, sessions and staff 10).
 */
export const pageQueryFields = (defaultPageSize: number) => ({
  page: positiveIntFromQuery(PageNumber).pipe(Schema.withDecodingDefaultKey(Effect.succeed("1"))),
  page_size: positiveIntFromQuery(PageSize).pipe(
    Schema.withDecodingDefaultKey(Effect.succeed(String(defaultPageSize))),
  ),
});

/** The optional `search` key of a list query. */
export const searchQueryField = { search: Schema.optionalKey(SearchText) };

/** One page of a list: which page this is, how many pages exist, how many rows in all, and the rows. */
export const Paged = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    current_page: PageNumber,
    total_pages: Count,
    count: Count,
    results: Schema.Array(item),
  });

/**
 * Where a list stops counting rows it would have to scan to count (a search of 100,000 patients):
 * it counts up to here and says "more than 1,000" (docs/patients-api.md, "Paging and counting").
 */
export const COUNT_CAP = 1000;

/** One page of a list whose count may stop at COUNT_CAP: `count_capped` true means more rows exist. */
export const PagedCappedCount = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    current_page: PageNumber,
    total_pages: Count,
    count: Count,
    count_capped: Schema.optionalKey(Schema.Boolean),
    results: Schema.Array(item),
    ...cursorAnswerFields,
  });

/** One page of a list that also answers key cursors for the pages either side (docs/patients-api.md, "Paging and counting"). */
export const PagedWithCursors = <S extends Schema.Top>(item: S) => Schema.Struct({ ...Paged(item).fields, ...cursorAnswerFields });

/** One page of a list whose total row count the spec does not promise (institutions). */
export const PagedOptionalCount = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    current_page: PageNumber,
    total_pages: Count,
    count: Schema.optionalKey(Count),
    results: Schema.Array(item),
  });
