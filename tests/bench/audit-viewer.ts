// `npm run bench:audit-viewer [-- --rows=N] [--export-days=D] [--driver=postgres|pglite]`: the audit
// log viewer at scale (issue 38, docs/audit-viewer.md "Measured"). Seeds N audit rows (default
// 5,000,000) for one institution with generate_series SQL, one every 5 seconds from 2026-01-01, on
// a fresh test database (a copy of the migrated template on DATABASE_URL's PostgreSQL by default),
// then times through the app (HTTP inject, as the portal calls it):
// - the list: its first page, a page 20 cursors deep, one patient's rows, every order both ways (p50/p95);
// - the two reports over a year;
// - the CSV export of the first D days (default 58: about 1,000,000 rows), streamed to the end over a socket,
//   every row sealed into its chain first (the export carries each row's link).
// Not part of `npm test`: seeding 5 M rows takes minutes. Timings depend on the machine's load: the line says it.
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { sealAuditChain } from "../../server/audit/audit-seal.ts";
import { createAccount, signIn, withBearer } from "../../server/auth/auth.test-helper.ts";
import type { DatabaseDriver } from "../../server/db/database.ts";
import { patients } from "../../server/db/schema/patients.ts";
import { createTestApp } from "../../server/test-app.test-helper.ts";
import { percentile } from "./load/health-sampler.ts";

const argument = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const ROWS = Number(argument("rows") ?? 5_000_000);
const EXPORT_DAYS = Number(argument("export-days") ?? 58);
const DRIVER: DatabaseDriver = argument("driver") === "pglite" ? "pglite" : "postgres";
const RUNS = 20;

const t = await createTestApp(DRIVER);
const lines: string[] = [`audit viewer bench on ${DRIVER}: ${ROWS} rows; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`];
try {
  const admin = await createAccount(t, { email: "admin@bench-audit.test", role: "institution_admin" });
  const headers = withBearer((await signIn(t, admin)).access);
  // One real patient of the institution (a fresh database: a small id, among the seeded ones) for the patient filter and report.
  const [patient] = await t.database.db
    .insert(patients)
    .values({ institutionId: admin.institutionId ?? 0, firstName: "Bench", lastName: "Patient", email: "p@bench-audit.test", birthdate: "1950-01-01", gender: "female" })
    .returning({ id: patients.id });
  const patientId = patient?.id ?? 0;
  const seeding = performance.now();
  for (let start = 1; start <= ROWS; start += 500_000) {
    const end = Math.min(ROWS, start + 499_999);
    await t.database.db.execute(sql`
      insert into audit_events (occurred_at, user_id, role, institution_id, patient_id, ip, user_agent, action, resource, resource_id, outcome, request_id)
      select timestamptz '2026-01-01 00:00:00+00' + n * interval '5 seconds', 1000 + n % 40, 'staff', ${admin.institutionId}, 1 + n % 5000,
        '10.0.' || (n % 200) || '.' || (n % 250), 'Mozilla/5.0 (bench)', case when n % 7 = 0 then 'update' else 'read' end,
        case when n % 3 = 0 then 'patient' else 'game_session' end, (1 + n % 5000)::text, case when n % 97 = 0 then 'denied' else 'success' end, 'bench-' || n
      from generate_series(${start}::bigint, ${end}::bigint) as n`);
  }
  await t.database.db.execute(sql`analyze audit_events`);
  lines.push(`seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  // Linked into the chain as the server's sealer would have: the export reads each row's link.
  const sealing = performance.now();
  const sealed = await sealAuditChain(t.database.db);
  await t.database.db.execute(sql`analyze audit_chain`);
  lines.push(`sealed ${sealed} rows in ${((performance.now() - sealing) / 1000).toFixed(1)} s`);

  const get = async (url: string) => {
    const response = await t.app.inject({ method: "GET", url, headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return response;
  };
  const timed = async (label: string, target: string) => {
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      await get(target);
      samples.push(performance.now() - started);
    }
    lines.push(`${label}: p50 ${percentile(samples, 50).toFixed(0)} ms, p95 ${percentile(samples, 95).toFixed(0)} ms`);
  };
  // A cursor 20 pages deep, walked once.
  let deep = "/api/audit/events/?page_size=50";
  for (let page = 0; page < 20; page += 1) {
    const next = (JSON.parse((await get(deep)).body) as { next: string | null }).next;
    if (next === null) break;
    deep = `${deep.split("&after=")[0]}&after=${encodeURIComponent(next)}`;
  }
  await timed("list, first page", "/api/audit/events/?page_size=50");
  await timed("list, 20 pages deep", deep);
  await timed("list, one patient", `/api/audit/events/?page_size=50&patient=${patientId}`);
  // Every other order (migration 0041's indexes), newest first and oldest first.
  for (const sort of ["ip", "person", "action", "kind", "outcome"]) {
    await timed(`list, ${sort} order`, `/api/audit/events/?page_size=50&sort=${sort}`);
    await timed(`list, ${sort} order ascending`, `/api/audit/events/?page_size=50&sort=${sort}&direction=asc`);
  }
  await timed("who accessed one patient, a year", `/api/audit/reports/patient-access/?patient=${patientId}&from=2026-01-01&to=2026-12-31`);
  await timed("what one person did, a year", `/api/audit/reports/person-activity/?user=1001&from=2026-01-01&to=2026-12-31`);

  const to = new Date(Date.UTC(2026, 0, EXPORT_DAYS)).toISOString().slice(0, 10);
  // Over a real socket, read as it streams and counted, never kept: the process's peak memory is
  // then the server's (what it reads ahead of the client), not a 300 MB body held by inject.
  const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  // Uncompressed (curl's default, a script's), then as a browser asks for it (brotli or gzip by
  // Accept-Encoding, server/http/response-compression.ts): fetch decompresses as it reads.
  for (const encoding of ["identity", "br, gzip, deflate"]) {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const exporting = performance.now();
    const response = await fetch(`${base}/api/audit/events.csv?from=2026-01-01&to=${to}`, { headers: { ...headers, "accept-encoding": encoding } });
    if (response.status !== 200 || response.body === null) throw new Error(`export: ${response.status}`);
    let bytes = 0;
    let breaks = 0;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) breaks += 1;
    }
    const seconds = (performance.now() - exporting) / 1000;
    clearInterval(sampler);
    const exported = breaks - 1;
    lines.push(`CSV export 2026-01-01 to ${to}, Accept-Encoding ${encoding} (${response.headers.get("content-encoding") ?? "none"}): ${exported} rows, ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s (${Math.round(exported / seconds)} rows/s)`);
    lines.push(`  process memory (server and reading client) before ${(before / 1e6).toFixed(0)} MB, peak ${(peak / 1e6).toFixed(0)} MB`);
  }
} finally {
  lines.push(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  console.log(lines.join("\n"));
  await t.close();
}
