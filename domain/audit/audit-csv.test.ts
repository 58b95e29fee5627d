import { describe, expect, it } from "vitest";
import { parseCsv } from "../shared/format/csv.ts";
import { AUDIT_EXPORT_COLUMNS, auditExportFileName, auditExportHeader, auditExportLines } from "./audit-csv.ts";
import type { AuditExportRow } from "./audit-csv.ts";

const row = (over: Partial<AuditExportRow> = {}): AuditExportRow => ({
  id: 7,
  occurred_at: "2026-11-02T09:30:00.000Z",
  user_id: 3,
  user_name: "Ada Lovelace",
  institution_id: 1,
  action: "read",
  kind: "patient",
  record_id: "42",
  patient_id: 42,
  outcome: "success",
  reason: null,
  ip: "10.0.0.1",
  request_id: "req-1",
  time: "2026-11-02T09:30:00.123456Z",
  role: "institution_admin",
  user_agent: "Mozilla/5.0",
  changes: null,
  recorded_patient_id: 42,
  chain: 1,
  position: 12,
  previous_hash: "a".repeat(64),
  hash: "b".repeat(64),
  ...over,
});

describe("the audit log's CSV", () => {
  it("reads back as the header and one record per row, empty fields for nothing", () => {
    const text = auditExportHeader() + auditExportLines([row(), row({ id: 8, user_id: null, user_name: null, patient_id: null, ip: null, outcome: "denied", reason: "other_institution" })]);
    const records = parseCsv(text);
    expect(records[0]).toEqual([...AUDIT_EXPORT_COLUMNS]);
    expect(records[1]).toEqual(["7", "2026-11-02T09:30:00.123456Z", "3", "Ada Lovelace", "1", "read", "patient", "42", "42", "success", "", "10.0.0.1", "req-1", "institution_admin", "Mozilla/5.0", "", "42", "1", "12", "a".repeat(64), "b".repeat(64)]);
    expect(records[1]).toHaveLength(AUDIT_EXPORT_COLUMNS.length);
    expect(records[2]?.slice(2, 4)).toEqual(["", ""]);
    expect(records[2]?.[9]).toBe("denied");
    expect(records).toHaveLength(3);
  });

  it("never lets a name run as a spreadsheet formula", () => {
    const [, record] = parseCsv(auditExportHeader() + auditExportLines([row({ user_name: "=HYPERLINK(1)" })]));
    expect(record?.[3]).toBe("'=HYPERLINK(1)");
  });

  it("names the file after what it holds and its period", () => {
    expect(auditExportFileName({ patient: 42, from: "2026-01-01", to: "2026-01-31" })).toBe("audit-patient-42-2026-01-01-to-2026-01-31.csv");
    expect(auditExportFileName({ user: 3, from: "2026-01-01" })).toBe("audit-person-3-2026-01-01-to-now.csv");
    expect(auditExportFileName({})).toBe("audit-log-start-to-now.csv");
  });
});
