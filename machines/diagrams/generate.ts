import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { MACHINE_DOCS, renderMachineDoc } from "./machine-docs.ts";

// Dev script (`npm run diagrams`): rewrites docs/machines/*.md from the machines. A file is only
// written when its text changes, so a second run leaves the working tree untouched.
const root = fileURLToPath(new URL("../..", import.meta.url));

for (const doc of MACHINE_DOCS) {
  const file = join(root, doc.path);
  const text = renderMachineDoc(doc);
  if (existsSync(file) && readFileSync(file, "utf8") === text) {
    console.log(`unchanged ${doc.path}`);
    continue;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote     ${doc.path}`);
}
