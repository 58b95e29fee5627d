// The one-endpoint-table rule of DESIGN.md ("Features across the layers"), run by `npm run lint`:
// an API path is written once, in its endpoint declaration (domain/<feature>/*-endpoints.ts, or
// domain/shared/wire/*-endpoints.ts for calls of no feature); the server's route and the
// adapter's call take it from there. The only other paths are the server's own platform routes
// that no client calls (health, the API reference, the development outbox: server/platform/).
// Tests may write paths: they call the API from outside, as a browser or an attacker would.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /^(domain|machines|adapters|ui|server)\/.*\.(ts|tsx)$/;
const DECLARATIONS = /^domain\/.*-endpoints\.ts$/;
// The declaration's own type names the base path every endpoint lives under.
const ENDPOINT_TYPE = "domain/shared/wire/endpoint.ts";
const PLATFORM = /^server\/platform\//;
const isTest = (file) => /\.test(-helper)?\.tsx?$/.test(file) || /\.int\.test\.ts$/.test(file);
// A string or template literal that starts an API path: "/api/...", `/api/...` (the bare base
// path "/api/" alone names no endpoint). Comments may mention paths.
const API_PATH = /["'`]\/api\/[^"'`\s]+/g;
const isComment = (line) => /^\s*(\/\/|\*|\/\*)/.test(line);

/** Whether a repository file may write an API path itself. */
export const mayWritePaths = (file) => DECLARATIONS.test(file) || file === ENDPOINT_TYPE || PLATFORM.test(file) || isTest(file);

/** The API paths `source` (at repository path `file`) writes outside an endpoint declaration, as readable lines. */
export function strayPaths(file, source) {
  if (mayWritePaths(file)) return [];
  return source.split("\n").flatMap((line, index) =>
    isComment(line) ? [] : [...line.matchAll(API_PATH)].map((match) => `${file}:${index + 1}: writes ${match[0].slice(1)} (declare it once in domain/<feature>/*-endpoints.ts)`),
  );
}

/** The `METHOD path` of every endpoint the declarations write (each should be written once, there). */
export function declaredEndpoints(root, files) {
  return files
    .filter((file) => DECLARATIONS.test(file))
    .flatMap((file) => [...readFileSync(path.join(root, file), "utf8").matchAll(/method:\s*"([A-Z]+)",\s*path:\s*["'`](\/api\/[^"'`]*)/g)].map((match) => `${match[1]} ${match[2]}`));
}

const sourceFiles = (root) =>
  execFileSync("git", ["-C", root, "ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => SOURCE.test(file));

/** Every stray path in the repository's tracked and new source files. */
export function repositoryStrayPaths(root) {
  return sourceFiles(root).flatMap((file) => {
    try {
      return strayPaths(file, readFileSync(path.join(root, file), "utf8"));
    } catch {
      return []; // listed by git but deleted in the working tree
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const stray = repositoryStrayPaths(root);
  for (const line of stray) console.error(line);
  const declared = declaredEndpoints(root, sourceFiles(root));
  const twice = declared.filter((each, index) => declared.indexOf(each) !== index);
  for (const each of twice) console.error(`${each}: declared twice; reuse the first declaration's path`);
  if (stray.length > 0 || twice.length > 0) {
    console.error(`\n${stray.length} API path(s) written outside the endpoint table, ${twice.length} endpoint(s) declared twice (DESIGN.md, "Features across the layers").`);
    process.exit(1);
  }
  console.log(`endpoint paths: ${declared.length} endpoints, each written once, in domain/**/*-endpoints.ts`);
}
