// The institution form's allowed domains as rows on screen (add, remove, type into each). The
// create-form machine holds a form as text fields only, and a field once typed is never taken out
// of its draft, so the list is two kinds of field: `domain_<key>`, one row's text, and
// `domain_rows`, the keys of the rows shown, top to bottom ("0,2,3"). A row keeps its key for its
// whole life, so removing one moves no other row's text, message or focus (React keys them by it),
// and a new row always takes a key no field ever had, so it never shows a removed row's text.
// (One newline-joined field would lose exactly that: which row is which once one is removed.)

/** The draft field of one row's text. */
export type DomainRowField = `domain_${number}`;

/** The draft field that lists the rows shown. */
export const DOMAIN_ROWS = "domain_rows";

/** The part of a form's draft that holds its domain rows. */
export type DomainRowsDraft = Readonly<{ readonly domain_rows: string; readonly [row: DomainRowField]: string }>;

/** One row as shown: its key, its draft field and its text. */
export type DomainRow = { readonly key: number; readonly field: DomainRowField; readonly domain: string };

export const domainRowField = (key: number): DomainRowField => `domain_${key}`;

const ROW_FIELD = /^domain_(\d+)$/;

/** Whether a draft field is one row's text. */
export const isDomainRowField = (field: string): field is DomainRowField => ROW_FIELD.test(field);

const keysOf = (rows: string): readonly number[] => (rows === "" ? [] : rows.split(",").map(Number));
const rowsText = (keys: readonly number[]): string => keys.join(",");

/** The rows shown, top to bottom, with their text (a row never typed into is blank). */
export const domainRowsOf = (draft: DomainRowsDraft): readonly DomainRow[] =>
  keysOf(draft.domain_rows).map((key) => ({ key, field: domainRowField(key), domain: draft[domainRowField(key)] ?? "" }));

/** The rows' part of a draft holding these domains, one row each, and one blank row when there are none (the form always offers one). */
export const domainRowsDraftOf = (domains: readonly string[]): DomainRowsDraft => {
  const texts = domains.length === 0 ? [""] : domains;
  return { ...Object.fromEntries(texts.map((domain, key) => [domainRowField(key), domain])), domain_rows: rowsText(texts.map((_, key) => key)) };
};

/** A key no row of this draft ever had, shown or removed. */
const freshKey = (draft: DomainRowsDraft): number =>
  1 + Math.max(-1, ...keysOf(draft.domain_rows), ...Object.keys(draft).flatMap((field) => ROW_FIELD.exec(field)?.[1] ?? []).map(Number));

/** "Add domain": a blank row at the bottom; the new `domain_rows` and the new row's key (the focus goes to it). */
export const withDomainRowAdded = (draft: DomainRowsDraft): { readonly rows: string; readonly key: number } => {
  const key = freshKey(draft);
  return { rows: rowsText([...keysOf(draft.domain_rows), key]), key };
};

/**
 * "Remove" on one row: the new `domain_rows`, and the key of the row that takes its place (the one
 * below, else above) for the focus, null when none does. Removing the only row leaves one blank row,
 * so the form always offers a place to type.
 */
export const withDomainRowRemoved = (draft: DomainRowsDraft, key: number): { readonly rows: string; readonly focus: number | null } => {
  const keys = keysOf(draft.domain_rows);
  const index = keys.indexOf(key);
  if (index < 0) return { rows: draft.domain_rows, focus: null };
  const rest = keys.filter((other) => other !== key);
  return { rows: rest.length === 0 ? rowsText([freshKey(draft)]) : rowsText(rest), focus: keys[index + 1] ?? keys[index - 1] ?? null };
};
