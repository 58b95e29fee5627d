// The month-end export (issue 24, docs/billing.md "Month-end") as CSV text: RFC 4180 fields and
// lines, every field a spreadsheet could run as a formula neutralised, and the export's own
// columns, file name and codes in words. Pure: the server hands it the judged rows. The RFC 4180
// parts shared with the audit log's export are domain/shared/format/csv.ts.
import { CSV_LINE_BREAK, csvRecord } from "../shared/format/csv.ts";

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
