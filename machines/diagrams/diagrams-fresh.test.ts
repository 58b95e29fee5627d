import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MACHINE_DOCS, renderMachineDoc } from "./machine-docs.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("docs/machines diagrams", () => {
  it.each(MACHINE_DOCS.map((doc) => [doc.path, doc] as const))("%s matches its machine", (path, doc) => {
    const file = join(root, path);
    expect(existsSync(file), `${path} is missing: run npm run diagrams`).toBe(true);
    expect(readFileSync(file, "utf8"), `${path} is stale: run npm run diagrams`).toBe(renderMachineDoc(doc));
  });
});
