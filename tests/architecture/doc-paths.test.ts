import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A doc that names a file the code no longer has sends a newcomer looking for nothing. Every
// `path/to/file.ts` a doc names in code spans must exist: from the repository's root, from one of
// the layers (docs often write `shared/session/sign-out.ts` under adapters), or beside the doc; a
// bare `file.ts` must exist somewhere. Addresses (`/api/...`), build output (`dist/...`) and the
// shared specification beside the checkout (`../shared/...`) are not files of the repository.
const ROOT = path.resolve(import.meta.dirname, "../..");
const FILE_IN_CODE_SPAN = /`([A-Za-z0-9_./-]+\.(?:tsx?|mjs|md|sql|json))(?::[0-9-]+)?`/g;
const LAYER_ROOTS = ["", "domain/", "machines/", "adapters/", "ui/", "server/", "tests/", "ui/features/", "server/features/", "scripts/", "docs/"];
const NOT_REPOSITORY_FILES = /^(\/|dist\/|\.\.\/shared\/)/;

const tracked = execFileSync("git", ["-C", ROOT, "ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" }).split("\n").filter((file) => file !== "");
const files = new Set(tracked);
const basenames = new Set(tracked.map((file) => path.posix.basename(file)));
const docs = tracked.filter((file) => /^(docs\/[^/]+|README|DEVELOPERS|machines\/README|tests\/README)\.md$/.test(file));

const resolves = (doc: string, named: string): boolean => {
  if (NOT_REPOSITORY_FILES.test(named)) return true;
  if (!named.includes("/")) return basenames.has(named);
  return LAYER_ROOTS.some((root) => files.has(`${root}${named}`)) || files.has(path.posix.normalize(path.posix.join(path.posix.dirname(doc), named)));
};

describe("the docs name files that exist", () => {
  it("reads the docs it checks", () => {
    expect(docs).toContain("README.md");
    expect(docs.filter((doc) => doc.startsWith("docs/")).length).toBeGreaterThan(20);
  });

  it("every file a doc names in a code span is in the repository", () => {
    const missing = docs.flatMap((doc) =>
      [...readFileSync(path.join(ROOT, doc), "utf8").matchAll(FILE_IN_CODE_SPAN)].map((match) => match[1] ?? "").filter((named) => !resolves(doc, named)).map((named) => `${doc}: ${named}`),
    );
    expect(missing).toEqual([]);
  });

  it("the README's table lists every page of docs/", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const unlisted = docs.filter((doc) => doc.startsWith("docs/") && !readme.includes(`](${doc})`));
    expect(unlisted).toEqual([]);
  });
});
