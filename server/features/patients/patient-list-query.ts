import { type Placeholder, type SQL, and, asc, desc, eq, exists, inArray, isNull, sql } from "drizzle-orm";
import type { GameLevelFilter, PatientListResponse, PatientOrdering } from "../../../domain/patients/patients-wire.ts";
import { type CursorKey, type CursorKeyKind, type PageCursor, cursorKeysFor } from "../../../domain/shared/wire/page-cursor.ts";
import { type KeyTerm, pageCursors, readFromCursor } from "../../db/keyset.ts";
import { type AuditEvent, auditValues, auditWith } from "../../audit/record-audit.ts";
import type { Database } from "../../db/database.ts";
import { preparedPerShape } from "../../db/prepared.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { patients } from "../../db/schema/patients.ts";
import { type ListCount, countPatients } from "./patient-list-count.ts";
import { type PatientFilters, distinct, isPlain } from "./patient-list-filters.ts";
import { type PatientSlice, sliceCondition } from "../../http/patient-scope.ts";
import { selectKeyedListRows, toListItem } from "./patient-record.ts";
import { TRIGRAM_LENGTH, foldForSearch } from "./search-fold.ts";

export const NO_FILTERS: PatientFilters = { gameLevels: [], reviewed: [], statuses: [], ordering: [] };

/** Without an ordering the newest patients come first. */
export const DEFAULT_ORDERING: readonly PatientOrdering[] = ["-created_at"];

type OrderField = "first_name" | "created_at" | "id";
export type OrderTerm = { readonly field: OrderField; readonly descending: boolean };

/**
 * The sort of a list: each field once, in the order asked (a repeated field keeps its first
 * direction), then the id in the direction of the last term, so every order is total and paging
 * is stable. First names sort folded (accents and case aside), byte by byte (collation "C"), the
 * same on every database.
 */
export const orderTerms = (ordering: readonly PatientOrdering[]): readonly OrderTerm[] => {
  const terms: OrderTerm[] = [];
  for (const item of ordering.length === 0 ? DEFAULT_ORDERING : ordering) {
    const field = item.replace(/^-/, "") as "first_name" | "created_at";
    if (!terms.some((term) => term.field === field)) terms.push({ field, descending: item.startsWith("-") });
  }
  terms.push({ field: "id", descending: terms.at(-1)?.descending ?? false });
  return terms;
};

const ORDER_EXPRESSIONS: Readonly<Record<OrderField, SQL>> = {
  first_name: sql`patient_fold(${patients.firstName}) collate "C"`,
  created_at: sql`${patients.createdAt}`,
  id: sql`${patients.id}`,
};

const orderBy = (terms: readonly OrderTerm[], reversed: boolean): SQL[] =>
  terms.map((term) => (term.descending !== reversed ? desc(ORDER_EXPRESSIONS[term.field]) : asc(ORDER_EXPRESSIONS[term.field])));

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The end of the byte range of texts starting with `prefix` (collation "C" compares UTF-8 bytes,
 * which order as code points): the prefix with its last letter moved one code point on.
 */
export const prefixRangeEnd = (prefix: string): string => {
  const letters = Array.from(prefix);
  const last = letters.pop() ?? "";
  return letters.join("") + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
};

const FIRST_NAME_FOLD = sql`patient_fold(${patients.firstName}) collate "C"`;
const LAST_NAME_FOLD = sql`patient_fold(${patients.lastName}) collate "C"`;

/**
 * A search matches first name, last name, "first last" or e-mail, ignoring accents and case. From
 * three letters on, the trigram index (patients_search_idx) finds the candidates and LIKE checks
 * them against the stored folded column; one or two letters match the start of the first or last
 * name, as byte ranges of the name indexes (patients_list_name_idx, patients_list_last_name_idx),
 * since "li" anywhere in a name matches a large share of any clinic and no index finds it.
 */
const searchCondition = (search: string | undefined): SQL | undefined => {
  const text = (search ?? "").trim();
  if (text === "") return undefined;
  const folded = foldForSearch(text);
  if (folded.length < TRIGRAM_LENGTH) {
    const end = prefixRangeEnd(folded);
    return sql`((${FIRST_NAME_FOLD} >= ${folded} and ${FIRST_NAME_FOLD} < ${end}) or (${LAST_NAME_FOLD} >= ${folded} and ${LAST_NAME_FOLD} < ${end}))`;
  }
  const like = sql`${patients.searchText} like '%' || patient_fold(${escapeLike(text)}) || '%' escape '\\'`;
  return sql`(patient_trigrams(${patients.searchText}) @> patient_trigrams(patient_fold(${text})) and ${like})`;
};

/** Patients with a live assignment of any of the asked games at the asked difficulty. */
const gameLevelCondition = (db: Database, levels: readonly GameLevelFilter[]): SQL | undefined => {
  if (levels.length === 0) return undefined;
  const pairs = sql.join(
    levels.map((level) => sql`(${patientGameLevels.gameId} = ${level.game_id} and ${patientGameLevels.difficulty} = ${level.difficulty_level})`),
    sql` or `,
  );
  return exists(
    db
      .select({ one: sql`1` })
      .from(patientGameLevels)
      .where(and(eq(patientGameLevels.patientId, patients.id), eq(patientGameLevels.isActive, true), sql`(${pairs})`)),
  );
};


/** The rows of a list: the slice, then every filter asked (an empty list filters nothing). */
export const listCondition = (db: Database, slice: PatientSlice, filters: PatientFilters): SQL =>
  and(
    sliceCondition(slice),
    filters.statuses.length === 0 ? undefined : inArray(patients.status, distinct(filters.statuses)),
    filters.reviewed.length === 0 ? undefined : inArray(patients.reviewed, distinct(filters.reviewed)),
    gameLevelCondition(db, filters.gameLevels),
    searchCondition(filters.search),
  ) as SQL;

/** The ids of a page, by the order's index range; reversed reads it from the other end. */
const pageIds = (db: Database, where: SQL, terms: readonly OrderTerm[], reversed: boolean, limit: number | Placeholder, offset: number | Placeholder) =>
  db
    .select({ id: patients.id })
    .from(patients)
    .where(where)
    .orderBy(...orderBy(terms, reversed))
    .limit(limit)
    .offset(offset);

/**
 * A page's rows with their SLPs, in the order: the page's ids by pageIds, then one join. `source`
 * is the database, or the database with a WITH the statement carries (the read's audit row).
 */
const rowsQuery = (
  db: Database,
  where: SQL,
  terms: readonly OrderTerm[],
  reversed: boolean,
  limit: number | Placeholder,
  offset: number | Placeholder,
  source: Pick<Database, "select"> = db,
) => selectKeyedListRows(source, inArray(patients.id, pageIds(db, where, terms, reversed, limit, offset))).orderBy(...orderBy(terms, reversed));

// The slice as sliceCondition says it, with placeholders: an SLP's caseload, or the institution's.
const plainWhere = (caseload: boolean): SQL =>
  and(
    eq(patients.institutionId, sql.placeholder("institutionId")),
    isNull(patients.archivedAt),
    caseload ? eq(patients.assignedStaffId, sql.placeholder("staffId")) : undefined,
  ) as SQL;

/**
 * The plain list's rows, one statement per slice kind, order and direction (at most 2 x 12 x 2
 * shapes, each field sorting either way in either place), built and named at first use.
 */
const plainRows = preparedPerShape((db, shape: string) => {
  const [slice = "", direction = "", order = ""] = shape.split(" ");
  const terms = orderTerms(order === "" ? [] : (order.split(",") as PatientOrdering[]));
  const name = `patients_list_${slice}_${direction}_${order.replaceAll("-", "d").replaceAll(",", "_")}`;
  // The read's audit row in the same statement (record-audit.ts, auditWith): a plain list runs
  // this at most once a request, so it is the request's row; one round trip fewer, committed together.
  const audited = db.with(auditWith(db, sql`true`));
  return rowsQuery(db, plainWhere(slice === "caseload"), terms, direction === "reversed", sql.placeholder("limit"), sql.placeholder("offset"), audited).prepare(name);
});

const KEY_KINDS: Readonly<Record<OrderField, CursorKeyKind>> = { first_name: "text", created_at: "instant", id: "id" };

/** The order as a cursor names it ("first_name,-created_at"): a cursor of another order is refused. */
const orderName = (terms: readonly OrderTerm[]): string =>
  terms
    .filter((term) => term.field !== "id")
    .map((term) => `${term.descending ? "-" : ""}${term.field}`)
    .join(",");

const keyTerms = (terms: readonly OrderTerm[]): KeyTerm[] =>
  terms.map((term) => ({ expression: ORDER_EXPRESSIONS[term.field], descending: term.descending, kind: KEY_KINDS[term.field] }));

type KeyedRow = Awaited<ReturnType<typeof selectKeyedListRows>>[number];

const keysOf = (terms: readonly OrderTerm[], row: KeyedRow | undefined): CursorKey[] | undefined =>
  row === undefined
    ? undefined
    : terms.map((term) => (term.field === "first_name" ? row.nameKey : term.field === "created_at" ? row.createdKey : row.id));

/**
 * The list's audit row: its event, written by the page's statement when a plain list's prepared
 * rows answer it, and `apart`, which writes it on its own when no statement of the answer did.
 */
export type ListRead = { readonly event: AuditEvent; readonly apart: () => Promise<void> };

/** A cursor that does not fit the list's order (another order's, or keys of the wrong kinds). */
export const BAD_CURSOR = "bad_cursor" as const;

/**
 * One page of a patients list. From a `cursor` the page's ids are an index seek from the cursor's
 * key (docs/patients-api.md, "Paging and counting"), whatever the depth. By `page` they come from
 * the order's index range (a page past the middle is read from the other end, so the last page
 * costs what the first does). Either way one query joins their SLPs, page 1's count and rows are
 * asked for at once, and the answer carries the cursors of the pages either side.
 */
export const patientListPage = async (
  db: Database,
  slice: PatientSlice,
  filters: PatientFilters,
  page: number,
  pageSize: number,
  read: ListRead,
  cursor?: PageCursor,
): Promise<PatientListResponse | typeof BAD_CURSOR> => {
  // Built only when a statement is built from it: a plain list's prepared statements take the slice as values.
  let built: SQL | undefined;
  const where = (): SQL => (built ??= listCondition(db, slice, filters));
  const terms = orderTerms(filters.ordering);
  const order = orderName(terms);
  const plain = isPlain(filters);
  let audited = false;
  /** The page's rows: the list's condition, and `beyond` it a cursor's key range when there is one. */
  const rowsOf = (beyond: SQL | undefined, reversed: boolean, limit: number, offset: number) => {
    if (!plain || beyond !== undefined) return rowsQuery(db, beyond === undefined ? where() : (and(where(), beyond) as SQL), terms, reversed, limit, offset);
    audited = true;
    return plainRows(db, `${slice.staffId === null ? "institution" : "caseload"} ${reversed ? "reversed" : "forward"} ${order}`).execute({
      institutionId: slice.institutionId,
      staffId: slice.staffId,
      limit,
      offset,
      ...auditValues(read.event),
    });
  };
  // The read's row apart, when no statement of the answer wrote it.
  const withAudit = async (answer: PatientListResponse): Promise<PatientListResponse> => {
    if (!audited) await read.apart();
    return answer;
  };
  const answerOf = (count: ListCount, at: number, rows: readonly KeyedRow[], exists: { next: boolean; previous: boolean }): PatientListResponse => ({
    current_page: at,
    total_pages: Math.ceil(count.total / pageSize),
    count: count.total,
    count_capped: count.capped,
    results: rows.map(toListItem),
    ...pageCursors(order, at, { first: keysOf(terms, rows[0]), last: keysOf(terms, rows.at(-1)) }, exists),
  });
  const byPage = async (at: number): Promise<PatientListResponse> => {
    const start = (at - 1) * pageSize;
    const [count, firstRows] = await Promise.all([countPatients(db, slice, filters, where), start === 0 ? rowsOf(undefined, false, pageSize + 1, 0) : undefined]);
    // Past a capped count the rows go on: read forward, the end being unknown.
    if (firstRows !== undefined || count.capped) {
      const rows = firstRows ?? (await rowsOf(undefined, false, pageSize + 1, start));
      return answerOf(count, at, rows.slice(0, pageSize), { next: rows.length > pageSize, previous: true });
    }
    if (start >= count.total) return answerOf(count, at, [], { next: false, previous: false });
    const end = Math.min(count.total, start + pageSize);
    const fromEnd = start > count.total - end;
    const rows = await rowsOf(undefined, fromEnd, end - start, fromEnd ? count.total - end : start);
    return answerOf(count, at, fromEnd ? rows.reverse() : rows, { next: end < count.total, previous: true });
  };
  const fromCursor = async (from: PageCursor, keys: readonly CursorKey[]): Promise<PatientListResponse> => {
    const [count, found] = await Promise.all([
      countPatients(db, slice, filters, where),
      readFromCursor(keyTerms(terms), from, keys, pageSize, (condition, reversed, limit) => rowsOf(condition, reversed, limit, 0)),
    ]);
    // Read back to the start of the list: that is page 1, whatever number the cursor carried.
    if (!from.after && !found.more) return byPage(1);
    const at = from.after ? from.page : Math.max(2, from.page);
    if (found.rows.length === 0) {
      return { ...answerOf(count, at, [], { next: false, previous: false }), ...pageCursors(order, at, { first: keys, last: undefined }, { next: false, previous: true }) };
    }
    return answerOf(count, at, found.rows, { next: from.after ? found.more : true, previous: true });
  };
  if (cursor === undefined) return withAudit(await byPage(page));
  const keys = cursorKeysFor(cursor, order, terms.map((term) => KEY_KINDS[term.field]));
  if (keys === undefined) return BAD_CURSOR;
  return withAudit(await fromCursor(cursor, keys));
};
