import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_EXPORT_COLUMNS } from "../../../domain/audit/audit-csv.ts";
import { parseCsv } from "../../../domain/shared/format/csv.ts";
import { sealAuditChain } from "../../audit/audit-seal.ts";
import { auditExportParts } from "./audit-export-chain.ts";
import { createAccount, signIn, withBearer, type TestAccount } from "../../auth/auth.test-helper.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type TestApp, createTestApp } from "../../test-app.test-helper.ts";

// Issue 38: an export carries each row's chain hashes, and scripts/audit-verify-csv.mjs re-verifies
// the file offline (node only). Here on each database: an export verifies; one edited field fails
// at its line; a formula-looking value (neutralised in the file) and changes as jsonb print them hash right.
const SETUP_TIMEOUT = 180_000;
const SCRIPT = join(process.cwd(), "scripts", "audit-verify-csv.mjs");

const verify = (file: string): { status: number; output: string } => {
  try {
    return { status: 0, output: execFileSync(process.execPath, [SCRIPT, file], { encoding: "utf8", stdio: "pipe" }) };
  } catch (error) {
    const failed = error as { status: number; stderr: string; stdout: string };
    return { status: failed.status, output: `${failed.stdout}${failed.stderr}` };
  }
};

describe.each(TEST_DRIVERS)("an audit export re-verified offline on %s", (driver) => {
  let t: TestApp;
  let admin: TestAccount;
  let headers: Record<string, string>;
  const dir = mkdtempSync(join(tmpdir(), "audit-csv-"));

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await createAccount(t, { email: "admin@verify-river.test", role: "institution_admin" });
    headers = withBearer((await signIn(t, admin)).access);
    const at = (minute: number) => new Date(Date.parse("2026-02-10T08:00:00.123456Z") + minute * 60_000 + 7);
    await t.database.db.insert(auditEvents).values(
      Array.from({ length: 12 }, (_, i) => ({
        occurredAt: at(i),
        userId: admin.id,
        role: "institution_admin",
        institutionId: admin.institutionId,
        patientId: i % 3 === 0 ? 40 + i : null,
        ip: "10.0.0.1",
        userAgent: i === 4 ? '=cmd|"/c calc"!A1 ünïcødé\t😀' : "Mozilla/5.0 (X11; Linux x86_64)",
        action: i % 2 === 0 ? "update" : "read",
        resource: "patient",
        resourceId: String(40 + i),
        outcome: "success" as const,
        requestId: `verify-${i}`,
        changes: i % 2 === 0 ? { last_name: { from: "O'Brien, -1", to: 'Say "hi"' }, birthdate: { from: null, to: "1950-01-01" } } : null,
      })),
    );
    await sealAuditChain(t.database.db);
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  it("verifies an exported file, and fails at the line whose field was edited", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/audit/events.csv?from=2026-02-01&to=2026-02-28&sort=time&direction=asc", headers });
    expect(response.statusCode, response.body).toBe(200);
    const records = parseCsv(response.body);
    expect(records[0]).toEqual([...AUDIT_EXPORT_COLUMNS]);
    expect(records).toHaveLength(13);
    const hash = AUDIT_EXPORT_COLUMNS.indexOf("hash");
    expect(records.slice(1).every((record) => /^[0-9a-f]{64}$/.test(record[hash] ?? ""))).toBe(true);
    const file = join(dir, `export-${driver}.csv`);
    writeFileSync(file, response.body);
    const intact = verify(file);
    expect(intact.status, intact.output).toBe(0);
    expect(intact.output).toMatch(/^OK: 12 lines verified, 11 links between exported lines checked/);

    // One field of the seventh line (event verify-5) edited, as a tamperer with a text editor would.
    const lines = readFileSync(file, "utf8").split("\r\n");
    expect(lines[6]).toContain('"verify-5"');
    lines[6] = (lines[6] ?? "").replace('"read"', '"delete"');
    const edited = join(dir, `edited-${driver}.csv`);
    writeFileSync(edited, lines.join("\r\n"));
    const broken = verify(edited);
    expect(broken.status).toBe(1);
    expect(broken.output).toContain(`FAIL at line 7 (event ${records[6]?.[0]})`);

    // A line taken out: its neighbours still verify each on their own, the gap is a link not checked.
    const cut = join(dir, `cut-${driver}.csv`);
    writeFileSync(cut, readFileSync(file, "utf8").split("\r\n").filter((_, index) => index !== 6).join("\r\n"));
    expect(verify(cut).output).toMatch(/^OK: 11 lines verified, 9 links/);
  });

  it("writes the same lines whether it reads the rows in one batch or in many, in every order", async () => {
    const visibility = { kind: "institution", institutionId: admin.institutionId ?? 0 } as const;
    const filters = { from: "2026-02-01", to: "2026-02-28" };
    const joined = async (parts: AsyncGenerator<string>) => {
      let all = "";
      for await (const part of parts) all += part;
      return all;
    };
    for (const [sort, direction] of [["time", "asc"], ["ip", "desc"], ["action", "asc"], ["person", "desc"]] as const) {
      const whole = await joined(auditExportParts(t.database.db, visibility, filters, sort, direction));
      expect(parseCsv(whole), sort).toHaveLength(12);
      expect(await joined(auditExportParts(t.database.db, visibility, filters, sort, direction, 5)), sort).toBe(whole);
    }
  });
});
