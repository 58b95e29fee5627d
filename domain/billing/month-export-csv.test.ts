import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { couldRunAsFormula, csvField, csvRecord, parseCsv } from "../shared/format/csv.ts";
import { codesText, exportFileName, MONTH_EXPORT_COLUMNS, monthExportCsv } from "./month-export-csv.ts";

// Texts rich in what CSV and spreadsheets treat specially: commas, quotes, line breaks and formula starts.
const tricky = fc.string({ unit: fc.constantFrom("a", "Z", " ", ",", '"', "\n", "\r", "=", "+", "-", "@", "\t", "'", "é", "1"), maxLength: 12 });
const FORMULA = /^[=+\-@\t\r]/;
/** The separators a spreadsheet may pick when it opens a .csv (a locale's `;`, `,`, a tab, `|`). */
const SEPARATORS = [";", ",", "\t", "|"] as const;
/** What a field reads as once a spreadsheet shows it: the apostrophe marks text, it is not shown. */
const shown = (value: string): string => (couldRunAsFormula(value) ? `'${value}` : value);
/** The cells a quote-unaware reader would cut a written field into with this separator (spaces trimmed as some do). */
const cutBy = (field: string, separator: string): string[] => field.split(separator).map((part) => part.replace(/^ +/, "").replace(/^"/, ""));

describe("CSV fields (RFC 4180, no formula injection)", () => {
  it("quotes every text (a comma, a quote and a line break included, quotes doubled) and leaves a whole number bare", () => {
    expect(csvField("Doe, Jane")).toBe('"Doe, Jane"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("plain")).toBe('"plain"');
    expect(csvField("Doe; Jane")).toBe('"Doe; Jane"');
    expect(csvField("17")).toBe("17");
  });

  it("neutralises a formula after any separator a spreadsheet may pick (issue 31, item 12)", () => {
    expect(csvField("Doe;=HYPERLINK(1)")).toBe("\"'Doe;=HYPERLINK(1)\"");
    expect(csvField("Doe; +1")).toBe("\"'Doe; +1\"");
    expect(csvField("Doe|@SUM(A1)")).toBe("\"'Doe|@SUM(A1)\"");
    expect(csvField("Doe\t-2")).toBe("\"'Doe\t-2\"");
    expect(csvField("Doe,=1")).toBe("\"'Doe,=1\"");
    expect(csvField("98977-GN; 98980-GN")).toBe('"98977-GN; 98980-GN"');
    expect(csvField("2026-11-02; 2026-11-20")).toBe('"2026-11-02; 2026-11-20"');
  });

  it("neutralises formula starts with a leading apostrophe", () => {
    expect(csvField("=HYPERLINK(\"x\")")).toBe("\"'=HYPERLINK(\"\"x\"\")\"");
    expect(csvField("+1")).toBe("\"'+1\"");
    expect(csvField("-2")).toBe("\"'-2\"");
    expect(csvField("@SUM(A1)")).toBe("\"'@SUM(A1)\"");
    expect(csvField("\tx")).toBe("\"'\tx\"");
    expect(csvField("\rx")).toBe("\"'\rx\"");
    expect(csvField("a=b")).toBe('"a=b"');
  });

  test.prop([fc.array(fc.array(tricky, { minLength: 1, maxLength: 6 }), { maxLength: 8 })])("a record read back gives its fields (formula starts kept as text)", (records) => {
    const text = records.map((fields) => `${csvRecord(fields)}\r\n`).join("");
    expect(parseCsv(text)).toEqual(records.map((fields) => fields.map(shown)));
  });

  test.prop([tricky])("no written field starts a formula, and every text field is quoted", (value) => {
    const field = csvField(value);
    expect(FORMULA.test(field)).toBe(false);
    if (!/^[0-9]+$/.test(value)) expect(field.startsWith('"') && field.endsWith('"')).toBe(true);
  });

  test.prop([tricky, fc.constantFrom(...SEPARATORS)])(
    "whatever separator a spreadsheet picks, a field with a formula start in any of its parts is marked as text from its first character",
    (value, separator) => {
      const field = csvField(value);
      const parts = cutBy(field, separator);
      if (parts.slice(1).some((part) => FORMULA.test(part)) || FORMULA.test(value)) expect(field.startsWith(`"'`)).toBe(true);
    },
  );
});

describe("the month's export", () => {
  it("writes the header and one record per patient with CRLF breaks", () => {
    const text = monthExportCsv([
      {
        patient: "O'Hara, =Sam",
        dateOfBirth: "1950-02-03",
        renderingSlp: "Ann Lee",
        periodStart: "2026-10-05",
        periodEnd: "2026-11-03",
        dataDays: 17,
        minutes: 62,
        callDates: ["2026-11-02", "2026-11-20"],
        codes: [
          { code: "98977", units: 1, modifier: "GN" },
          { code: "98980", units: 1, modifier: "GN" },
          { code: "98981", units: 2, modifier: "GN" },
        ],
        billable: true,
      },
    ]);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parseCsv(text)).toEqual([
      [...MONTH_EXPORT_COLUMNS],
      ["'O'Hara, =Sam", "1950-02-03", "Ann Lee", "2026-10-05", "2026-11-03", "17", "62", "2026-11-02; 2026-11-20", "98977-GN; 98980-GN; 98981-GN x2", "yes"],
    ]);
  });

  it("names codes with their modifier and units, and the file by month and lock", () => {
    expect(codesText([])).toBe("");
    expect(codesText([{ code: "98975", units: 1, modifier: "GN" }])).toBe("98975-GN");
    expect(exportFileName("2026-11", true)).toBe("rtm-2026-11.csv");
    expect(exportFileName("2026-11", false)).toBe("rtm-2026-11-draft.csv");
  });
});
