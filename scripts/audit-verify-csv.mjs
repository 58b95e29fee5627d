#!/usr/bin/env node
// Re-verifies an audit log export offline against its hash chain (issue 38, docs/audit.md
// "Verifying an export"): `node scripts/audit-verify-csv.mjs audit-log-….csv`. Node only, no
// dependencies, so an auditor can run it on their own machine. For each line it rebuilds the row's
// canonical content from the exported columns, hashes it after the previous link's hash, and
// compares with the exported hash; where two exported lines are neighbours in a chain, the later
// one's previous hash must be the earlier one's hash. Exit 0 when every sealed line verifies,
// 1 at the first line that does not (named by its line number and event id), 2 on bad usage.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

const GENESIS = "0".repeat(64);
// The export neutralises a field a spreadsheet could run as a formula with a leading apostrophe
// (domain/shared/format/csv.ts); undone here before hashing.
const FORMULA = /^[=+\-@\t\r]|[;,\t|] *[=+\-@\t\r]/;
const unneutralised = (field) => (field.startsWith("'") && FORMULA.test(field.slice(1)) ? field.slice(1) : field);

/** RFC 4180 records, each with the line it starts on. */
const parseCsv = (text) => {
  const records = [];
  let record = [], field = "", quoted = false, line = 1, start = 1;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === "\n") line += 1;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (field += '"'), (i += 1);
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") record.push(field), (field = "");
    else if (char === "\r" && text[i + 1] === "\n") continue;
    else if (char === "\n") record.push(field), records.push({ line: start, fields: record }), (record = []), (field = ""), (start = line);
    else field += char;
  }
  if (field !== "" || record.length > 0) record.push(field), records.push({ line: start, fields: record });
  return records;
};

// The canonical content's columns in order (server/audit/audit-canonical.ts): [export column, kind].
const CANONICAL = [
  ["id", "number"], ["time (UTC)", "text"], ["person id", "number"], ["role", "text"], ["institution id", "number"],
  ["recorded patient id", "number"], ["IP", "text"], ["user agent", "text"], ["action", "text"], ["record kind", "text"],
  ["record id", "text"], ["outcome", "text"], ["reason", "text"], ["request id", "text"], ["changes", "json"],
];
// As PostgreSQL's json_build_array(...)::text writes it: ", " between items; strings escaped as JSON.stringify does.
const item = (value, kind) => (value === "" ? "null" : kind === "text" ? JSON.stringify(value) : value);

const path = process.argv[2];
if (path === undefined) {
  console.error("usage: node scripts/audit-verify-csv.mjs <export.csv>");
  process.exit(2);
}
const [header, ...rows] = parseCsv(readFileSync(path, "utf8"));
const column = Object.fromEntries(header.fields.map((name, index) => [name, index]));
const missing = [...CANONICAL.map(([name]) => name), "chain", "position", "previous hash", "hash"].filter((name) => column[name] === undefined);
if (missing.length > 0) {
  console.error(`not an audit export with hashes: no column ${missing.join(", ")}`);
  process.exit(2);
}
const get = (row, name) => unneutralised(row.fields[column[name]] ?? "");
const hashAt = new Map(rows.filter((row) => get(row, "hash") !== "").map((row) => [`${get(row, "chain")}/${get(row, "position")}`, get(row, "hash")]));
let verified = 0, links = 0, unsealed = 0;
for (const row of rows) {
  const fail = (why) => {
    console.error(`FAIL at line ${row.line} (event ${get(row, "id")}): ${why}`);
    process.exit(1);
  };
  const hash = get(row, "hash");
  if (hash === "") {
    unsealed += 1;
    continue;
  }
  const previous = get(row, "previous hash");
  if (!/^[0-9a-f]{64}$/.test(previous) || !/^[0-9a-f]{64}$/.test(hash)) fail("hashes are not 64 hex digits");
  if (get(row, "position") === "1" && previous !== GENESIS) fail("a chain's first link follows 32 zero bytes");
  const content = `[${CANONICAL.map(([name, kind]) => item(get(row, name), kind)).join(", ")}]`;
  const computed = createHash("sha256").update(Buffer.from(previous, "hex")).update(content, "utf8").digest("hex");
  if (computed !== hash) fail("the line is not what was sealed (its content does not hash to its hash)");
  const before = hashAt.get(`${get(row, "chain")}/${Number(get(row, "position")) - 1}`);
  if (before !== undefined) {
    if (before !== previous) fail("its previous hash is not the hash of the exported line before it in the chain");
    links += 1;
  }
  verified += 1;
}
console.log(`OK: ${verified} lines verified, ${links} links between exported lines checked${unsealed > 0 ? `, ${unsealed} not sealed yet (not verified)` : ""}`);
