// The month-end export (issue 24, docs/billing.md "Month-end") as CSV text: RFC 4180 fields and
// lines, every field a spreadsheet could run as a formula neutralised, and the export's own
// columns, file name and codes in words. Pure: the server hands it the judged rows.

/** The export's columns, in order (the header line). */
export const MONTH_EXPORT_COLUMNS = ["patient", "date of birth", "rendering SLP", "period start", "period end", "data days", "minutes", "call date", "codes", "billable"] as const;

/** One patient's line of the export, as the server judged the month. */
export type MonthExportRow = {
  readonly patient: string;
  readonly dateOfBirth: string;
  readonly renderingSlp: string;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly dataDays: number | null;
  readonly minutes: number;
  /** The month's call days. */
  readonly callDates: readonly string[];
  readonly codes: ReadonlyArray<{ readonly code: string; readonly units: number; readonly modifier: string }>;
  readonly billable: boolean;
};

/** The first characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A formula start after a character a spreadsheet may pick as its separator (`;` in much of Europe,
 * `,`, a tab, `|`), spaces allowed between: opened with that separator, the part would be a cell of its own.
 */
const FORMULA_AFTER_SEPARATOR = /[;,\t|] *[=+\-@\t\r]/;
/** A cell a spreadsheet reads as a number: left unquoted so it stays a number. */
const PLAIN_NUMBER = /^[0-9]+$/;

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
  if (PLAIN_NUMBER.test(value)) return value;
  const safe = couldRunAsFormula(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
};

/** One record: its fields, comma separated. */
export const csvRecord = (fields: readonly string[]): string => fields.map(csvField).join(",");

/** The line break RFC 4180 writes after every record. */
export const CSV_LINE_BREAK = "\r\n";

/** "98977-GN; 98980-GN; 98981-GN x2": each claim code with its modifier, units above one after an x. */
export const codesText = (codes: MonthExportRow["codes"]): string =>
  codes.map((code) => `${code.code}-${code.modifier}${code.units > 1 ? ` x${code.units}` : ""}`).join("; ");

/** The record of one patient's month, in MONTH_EXPORT_COLUMNS order. */
export const exportRecord = (row: MonthExportRow): string =>
  csvRecord([
    row.patient,
    row.dateOfBirth,
    row.renderingSlp,
    row.periodStart,
    row.periodEnd,
    row.dataDays === null ? "" : String(row.dataDays),
    String(row.minutes),
    row.callDates.join("; "),
    codesText(row.codes),
    row.billable ? "yes" : "no",
  ]);

/** The file's header line, CRLF included: what a streamed export sends first. */
export const monthExportHeader = (): string => `${csvRecord(MONTH_EXPORT_COLUMNS)}${CSV_LINE_BREAK}`;

/** Patients' lines, each ended by CRLF: a streamed export's next part, for one batch of rows. */
export const monthExportLines = (rows: readonly MonthExportRow[]): string => rows.map((row) => `${exportRecord(row)}${CSV_LINE_BREAK}`).join("");

/** The header line and every patient's line, each ended by CRLF (the header, then the lines of every batch in order, are the same bytes). */
export const monthExportCsv = (rows: readonly MonthExportRow[]): string => `${monthExportHeader()}${monthExportLines(rows)}`;

/** The file's name: rtm-2026-11.csv once the month is locked, rtm-2026-11-draft.csv while it may still change. */
export const exportFileName = (month: string, locked: boolean): string => `rtm-${month}${locked ? "" : "-draft"}.csv`;

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
