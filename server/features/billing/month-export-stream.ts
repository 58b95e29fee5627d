import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import * as Schema from "effect/Schema";
import { LockedLine } from "../../../domain/billing/locked-month.ts";
import { type MonthExportRow, monthExportHeader, monthExportLines } from "../../../domain/billing/month-export-csv.ts";
import type { Database } from "../../db/database.ts";
import { rtmMonthLockLines } from "../../db/schema/month-close.ts";
import type { PatientSlice } from "../../http/patient-scope.ts";
import { BATCH, claimOrderIds } from "./month-close-judge.ts";
import { exportRowOfLine, storedLineBatches } from "./month-stored-lines.ts";
import type { RtmMonthContext } from "./rtm-month-rows.ts";

/**
 * The month-end CSV sent as it is made (issue 36, docs/billing.md "Month-end"): the header at once,
 * then one batch of lines at a time, each batch read and judged only when the one before has been
 * taken by the connection (a slow client holds the server's reads back, never its memory). The bytes
 * are exactly monthExportCsv's over the same rows: the header, then every batch's lines in order.
 * A failure after the header can only cut the file short (the status was sent): the client sees a
 * broken download, never a shorter file that looks whole, since the connection is reset.
 */

const decodeLine = Schema.decodeUnknownSync(LockedLine);

/** What the export will send: how many lines, and the batches of rows in the file's order. */
export type MonthExportSource = { readonly rows: number; readonly batches: () => AsyncGenerator<readonly MonthExportRow[]> };

const keptCondition = (slice: PatientSlice, month: string) =>
  and(
    eq(rtmMonthLockLines.institutionId, slice.institutionId),
    eq(rtmMonthLockLines.month, month),
    slice.staffId === null ? sql`true` : eq(rtmMonthLockLines.staffId, slice.staffId),
  );

/** A locked month's kept lines of the slice (the copy kept at the lock), walked by position (rtm_month_lock_lines' order indexes). */
export const keptExportSource = async (db: Database, slice: PatientSlice, month: string): Promise<MonthExportSource> => {
  const [counted] = await db.select({ n: count() }).from(rtmMonthLockLines).where(keptCondition(slice, month));
  return {
    rows: Number(counted?.n ?? 0),
    batches: async function* () {
      let after = -1;
      for (;;) {
        const page = await db
          .select({ position: rtmMonthLockLines.position, line: rtmMonthLockLines.line })
          .from(rtmMonthLockLines)
          .where(and(keptCondition(slice, month), gt(rtmMonthLockLines.position, after)))
          .orderBy(asc(rtmMonthLockLines.position))
          .limit(BATCH);
        if (page.length === 0) return;
        after = page.at(-1)?.position ?? after;
        yield page.map((row) => decodeLine(row.line));
      }
    },
  };
};

/**
 * An open month (or one locked before copies were kept), batch by batch over the slice's ids read once:
 * each batch's stored lines (month-stored-lines.ts), a patient without a fresh one judged now (not stored).
 */
export const storedExportSource = async (db: Database, slice: PatientSlice, context: RtmMonthContext): Promise<MonthExportSource> => {
  const ids = await claimOrderIds(db, slice);
  return {
    rows: ids.length,
    batches: async function* () {
      for await (const batch of storedLineBatches(db, slice, context, ids)) yield batch.map(exportRowOfLine);
    },
  };
};

/** The CSV text, a part at a time: the header, then one batch's lines per part. */
export async function* csvParts(source: MonthExportSource): AsyncGenerator<string> {
  yield monthExportHeader();
  for await (const rows of source.batches()) if (rows.length > 0) yield monthExportLines(rows);
}

/**
 * The same file in the JSON envelope the portal asks for ({ filename, locked, rows, csv }), also
 * sent as it is made: the CSV text is escaped part by part as JSON.stringify escapes a whole string.
 */
export async function* jsonEnvelopeParts(source: MonthExportSource, filename: string, locked: boolean): AsyncGenerator<string> {
  yield `{"filename":${JSON.stringify(filename)},"locked":${locked},"rows":${source.rows},"csv":"`;
  for await (const part of csvParts(source)) yield JSON.stringify(part).slice(1, -1);
  yield `"}`;
}
