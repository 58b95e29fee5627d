import * as Schema from "effect/Schema";
import * as SchemaTransformation from "effect/SchemaTransformation";
import { CURSOR_ALPHABET, MAX_CURSOR_LENGTH } from "./page-cursor-answer.ts";
import { holdsForbiddenCharacter } from "./text-fields.ts";

/**
 * A key cursor for deep pages (issue 36; docs/patients-api.md, "Paging and counting"): where a
 * page ends in the list's order (its edge row's sort keys, the id last), which way to read from
 * there, and the page number that read shows. A list answers `next_cursor` (after its last row)
 * and `prev_cursor` (before its first); sent back as `cursor`, the next page is an index seek from
 * that key, so page 9000 costs what page 2 does. The cursor is opaque to the client (base64url of
 * a short JSON list) and holds no rows, only keys: the server applies the caller's scope to every
 * read, so a cursor carried to another account positions in that account's own list.
 */
export type CursorKey = string | number;

export type PageCursor = {
  /** The page number the cursor's read shows (the pager's "Page n of m"). */
  readonly page: number;
  /** true: the rows after `keys`; false: the rows before them. */
  readonly after: boolean;
  /** The order the keys belong to; a cursor of another order is refused. */
  readonly order: string;
  /** The edge row's sort keys in the order's terms, the id last. */
  readonly keys: readonly CursorKey[];
};

/** What each key of an order is: a text (a folded name), an instant (see INSTANT_KEY) or an id. */
export type CursorKeyKind = "text" | "instant" | "rank" | "id";

// Bounds that keep a crafted cursor from growing the query or overflowing a column.
const MAX_KEYS = 6;
const MAX_TEXT_KEY = 400;
const MAX_ORDER = 80;
const MAX_INT4 = 2_147_483_647;
const MAX_PAGE = 1_000_000_000;

/**
 * An instant key as the server reads it from the database (UTC, microseconds, which a JS date would
 * round away and so break ties). Years 1900-2999: PostgreSQL refuses year 0, and no row is older.
 */
const INSTANT_KEY = /^(19|2[0-9])[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]\.[0-9]{6}Z$/;

const isInt = (value: unknown, minimum: number, maximum: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= minimum && value <= maximum;

const isTextKey = (value: unknown): value is string =>
  typeof value === "string" && value.length <= MAX_TEXT_KEY && !holdsForbiddenCharacter(value, "single-line");

// Base64url by hand, over JSON kept to ASCII (every other character written as a \u escape): the
// cursor is in every list's query schema, the dashboard's among them, and effect's encoding module
// then came with effect's Schema into the sign-in download (1 kB gzip, issue 35). ASCII also spares
// a UTF-8 codec: JSON.parse reads the escapes back.
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const asciiJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[^\x20-\x7e]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);

const toBase64Url = (ascii: string): string => {
  let out = "";
  for (let at = 0; at < ascii.length; at += 3) {
    const chunk = (ascii.charCodeAt(at) << 16) | ((ascii.charCodeAt(at + 1) || 0) << 8) | (ascii.charCodeAt(at + 2) || 0);
    const digits = Math.min(4, ascii.length - at + 1);
    for (let digit = 0; digit < digits; digit += 1) out += BASE64URL[(chunk >> (18 - 6 * digit)) & 63];
  }
  return out;
};

/** The ASCII text again, or undefined for a length no encoding gives or a byte outside printable ASCII. */
const fromBase64Url = (text: string): string | undefined => {
  if (text.length % 4 === 1) return undefined;
  let out = "";
  for (let at = 0; at < text.length; at += 4) {
    const group = text.slice(at, at + 4);
    let chunk = 0;
    for (let digit = 0; digit < 4; digit += 1) chunk = (chunk << 6) | (digit < group.length ? BASE64URL.indexOf(group[digit] ?? "") : 0);
    for (let byte = 0; byte < group.length - 1; byte += 1) {
      const code = (chunk >> (16 - 8 * byte)) & 255;
      if (code < 0x20 || code > 0x7e) return undefined;
      out += String.fromCharCode(code);
    }
  }
  return out;
};

/** The cursor's text: base64url of `[page, 1 after / 0 before, order, ...keys]`. */
export const encodeCursor = (cursor: PageCursor): string =>
  toBase64Url(asciiJson([cursor.page, cursor.after ? 1 : 0, cursor.order, ...cursor.keys]));

/** Reads a cursor's text; undefined for anything a list never gave out (garbled, forged out of shape). */
export const parseCursor = (text: string): PageCursor | undefined => {
  if (text.length > MAX_CURSOR_LENGTH || !CURSOR_ALPHABET.test(text)) return undefined;
  const json = fromBase64Url(text);
  if (json === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length < 4 || value.length > 3 + MAX_KEYS) return undefined;
  const [page, after, order, ...keys] = value as unknown[];
  if (!isInt(page, 1, MAX_PAGE) || (after !== 0 && after !== 1)) return undefined;
  if (typeof order !== "string" || order.length > MAX_ORDER || !/^[a-z_,-]+$/.test(order)) return undefined;
  if (!keys.every((key) => isTextKey(key) || isInt(key, -MAX_INT4, MAX_INT4))) return undefined;
  return { page, after: after === 1, order, keys: keys as CursorKey[] };
};

/** The cursor's keys when they are of the kinds the order has (an id last, within a column's range), else undefined. */
export const cursorKeysFor = (cursor: PageCursor, order: string, kinds: readonly CursorKeyKind[]): readonly CursorKey[] | undefined => {
  if (cursor.order !== order || cursor.keys.length !== kinds.length) return undefined;
  const fits = kinds.every((kind, index) => {
    const key = cursor.keys[index];
    if (kind === "id") return isInt(key, 1, MAX_INT4);
    if (kind === "rank") return isInt(key, 0, 1000);
    if (kind === "instant") return typeof key === "string" && INSTANT_KEY.test(key) && Number.isFinite(Date.parse(key));
    return typeof key === "string";
  });
  return fits ? cursor.keys : undefined;
};

/** A cursor as the list answers it: opaque text, null where there is no page that way. */
export const CursorText = Schema.String.check(
  Schema.isMaxLength(MAX_CURSOR_LENGTH),
  Schema.makeFilter((text: string) => parseCursor(text) !== undefined, { expected: "a cursor a list gave" }),
);

const CursorShape = Schema.Struct({
  page: Schema.Number,
  after: Schema.Boolean,
  order: Schema.String,
  keys: Schema.Array(Schema.Union([Schema.String, Schema.Number])),
});

/** The `cursor` key of a list query: its text decoded at the edge; a garbled or forged one is 400 ERROR_056 on `cursor`. */
export const cursorQueryField = {
  cursor: Schema.optionalKey(
    CursorText.pipe(
      Schema.decodeTo(
        CursorShape,
        SchemaTransformation.transform<PageCursor, string>({
          // The filter above has already read it: a text that reaches here parses.
          decode: (text) => parseCursor(text) ?? { page: 1, after: true, order: "", keys: [] },
          encode: encodeCursor,
        }),
      ),
    ),
  ),
};

/** The cursor an address carries, when it is one a list could have given: a mangled one is dropped, and the page number still opens the list. */
export const cursorFromAddress = (text: string | null | undefined): string | undefined =>
  typeof text === "string" && parseCursor(text) !== undefined ? text : undefined;

/** The `cursor` key of a list query for an address's cursor text (none when there is none). */
export const cursorQueryOf = (text: string | undefined): { readonly cursor?: PageCursor } => {
  const cursor = text === undefined ? undefined : parseCursor(text);
  return cursor === undefined ? {} : { cursor };
};

/** The page a list showed, as far as its pager cares. */
export type ShownPage = { readonly current_page: number; readonly next_cursor?: string | null; readonly prev_cursor?: string | null };

/** The cursor that leads from the page shown to `page` (the pager's Next or Previous); none for any other page. */
export const cursorToward = (shown: ShownPage, page: number): string | undefined => {
  const cursor = page === shown.current_page + 1 ? shown.next_cursor : page === shown.current_page - 1 && page > 1 ? shown.prev_cursor : null;
  return cursor ?? undefined;
};
