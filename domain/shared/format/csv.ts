// CSV text as every export of the portal writes it (the month-end file, the audit log): RFC 4180
// fields and lines, every field a spreadsheet could run as a formula neutralised. Pure.

/** The first characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A formula start after a character a spreadsheet may pick as its separator (`;` in much of Europe,
 * `,`, a tab, `|`), spaces allowed between: opened with that separator, the part would be a cell of its own.
 */
const FORMULA_AFTER_SEPARATOR = /[;,\t|] *[=+\-@\t\r]/;
/** A cell a spreadsheet reads as a number: left unquoted so it stays a number. */
const PLAIN_NUMBER = /^[0-9]+$/;

/** Anything csvField does more than quote: a plain number, a formula start (either form), a quote. */
const NEEDS_CARE = /^[0-9]+$|^[=+\-@\t\r]|[;,\t|] *[=+\-@\t\r]|"/;

/** Whether a text could run as a formula in a spreadsheet, whichever separator it opens the file with. */
export const couldRunAsFormula = (value: string): boolean => FORMULA_START.test(value) || FORMULA_AFTER_SEPARATOR.test(value);

/**
 * A field as written in the file: a text a spreadsheet could run as a formula (starting with = + -
 * @, a tab or a carriage return, or holding one after `;`, `,`, a tab or `|`, the separators a
 * spreadsheet may pick) gets a leading apostrophe, so it is shown, never run; then every text is
 * quoted, its quotes doubled (RFC 4180), so a separator inside it never splits it into cells. Only a
 * plain whole number is written bare.
 */
export const csvField = (value: string): string => {
  // Most texts are none of the cases below: one test instead of three and a replace (the audit
  // export writes 21 fields a line, a million lines).
  if (!NEEDS_CARE.test(value)) return `"${value}"`;
  if (PLAIN_NUMBER.test(value)) return value;
  const safe = couldRunAsFormula(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
};

/** One record: its fields, comma separated. */
export const csvRecord = (fields: readonly string[]): string => fields.map(csvField).join(",");

/** The line break RFC 4180 writes after every record. */
export const CSV_LINE_BREAK = "\r\n";

/**
 * Reads an RFC 4180 text back into records (quoted fields, doubled quotes, CRLF or LF breaks): the
 * inverse of csvRecord for the tests and for anyone checking an export.
 */
export const parseCsv = (text: string): string[][] => {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? "";
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      continue;
    } else if (char === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
};
