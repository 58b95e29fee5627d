// The feature-folder rule of DESIGN.md ("Features across the layers"), run by `npm run lint`:
// - a file of feature F may import another feature G only through G's index (`<layer>/G/index.ts`
//   or `ui/features/G/index.ts`), never G's other files; but a test, a test helper or a fixture
//   may read G's fixtures (`*.fixtures.ts`: example data, which no index exports);
// - a shared part imports no feature of its own layer (the server's database schema and seed may
//   still name domain/patients' wire types: the domain is the core every layer reads);
// - only the composition roots assemble features: ui/app/, ui/main.tsx, domain/routes.ts (the route
//   registry), domain/boot-reads.ts (each route's reads the session's boot script starts), adapters/create-adapters.ts,
//   machines/diagrams/ (the diagram generator reads every machine), server/app.ts and server/main.ts
//   (the process: it starts the background work a feature runs beside the app, the /rtm status pass).
// - ui/app/ is the top: no other ui/ file imports it (ui/main.tsx starts it; a test that renders
//   the whole app may), so the parts every feature shares live below it (ui/services/, ui/shell/);
// - two features never import each other (in any one layer): one of them is really a shared part.
// Features: domain/<f>/, machines/<f>/, adapters/<f>/, ui/features/<f>/, server/features/<f>/, where
// <f> is not "shared". Everything else in those layers is shared.
// oxlint's no-restricted-imports matches the import text, not the file it names, so a relative
// "../auth/otp-input.tsx" cannot be told from a same-feature import there; this resolves each one.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LAYERS = /^(domain|machines|adapters|ui|server)\//;
/** The composition roots: the files that assemble features (see above). */
export const COMPOSITION_ROOTS = [/^ui\/app\//, /^ui\/main\.tsx$/, /^domain\/routes\.ts$/, /^domain\/boot-reads\.ts$/, /^adapters\/create-adapters\.ts$/, /^machines\/diagrams\//, /^server\/app\.ts$/, /^server\/main\.ts$/];
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\bvi\.importActual\(\s*)["'](\.{1,2}\/[^"'?]+)/g;

/** The feature a repository path belongs to, or undefined for a shared part. */
export function featureOf(file) {
  const plain = /^(domain|machines|adapters)\/([^/]+)\//.exec(file);
  if (plain !== null) return plain[2] === "shared" || plain[2] === "diagrams" ? undefined : plain[2];
  const nested = /^(ui|server)\/features\/([^/]+)\//.exec(file);
  return nested === null ? undefined : nested[2];
}

const layerOf = (file) => LAYERS.exec(file)?.[1];
const isIndex = (file) => /\/index\.tsx?$/.test(file);
const isRoot = (file) => COMPOSITION_ROOTS.some((root) => root.test(file));
const isTest = (file) => /\.test(-helper)?\.tsx?$/.test(file);
const isFixture = (file) => /\.fixtures\.ts$/.test(file);
const readsFixture = (file, target) => isFixture(target) && (isTest(file) || isFixture(file));
const importsAppRoot = (file, target) => target.startsWith("ui/app/") && !file.startsWith("ui/app/") && file !== "ui/main.tsx" && !isTest(file);

/** Every import of `source` (a file at repository path `file`) that breaks the rule, as readable lines. */
export function violationsIn(file, source) {
  const from = featureOf(file);
  const found = [];
  for (const match of source.matchAll(IMPORT)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]));
    if (importsAppRoot(file, target)) found.push(`${file}: imports ${target}; ui/app is the composition root and nothing below it imports it`);
    const to = featureOf(target);
    if (to === undefined || to === from) continue;
    if (from === undefined && !isRoot(file)) {
      if (layerOf(file) === layerOf(target)) found.push(`${file}: a shared part imports the ${to} feature (${target})`);
    } else if (from !== undefined && !isIndex(target) && !readsFixture(file, target)) found.push(`${file}: imports ${target}, inside the ${to} feature; import its index.ts instead`);
  }
  return found;
}

/**
 * The pairs of features of one layer that import each other (tests aside), as readable lines:
 * `imports` maps each file to the repository paths it imports.
 */
export function featureCycles(imports) {
  const edges = new Set();
  for (const [file, targets] of imports) {
    const from = featureOf(file);
    if (from === undefined || isTest(file)) continue;
    for (const target of targets) {
      const to = featureOf(target);
      if (to !== undefined && to !== from && layerOf(file) === layerOf(target)) edges.add(`${layerOf(file)}:${from}>${to}`);
    }
  }
  return [...edges]
    .map((edge) => edge.split(/[:>]/))
    .filter(([layer, from, to]) => from < to && edges.has(`${layer}:${to}>${from}`))
    .map(([layer, from, to]) => `${layer}: the ${from} and ${to} features import each other; lift what they share into a shared part`);
}

/** The repository paths of the relative imports of `source` (a file at repository path `file`). */
export const importsOf = (file, source) =>
  [...source.matchAll(IMPORT)].map((match) => path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])));

/** Each tracked or new file that `include` accepts (by default the .ts/.tsx files of the five layers), with its text. */
export function repositorySources(root, include = (file) => LAYERS.test(file) && /\.(ts|tsx)$/.test(file)) {
  const files = execFileSync("git", ["-C", root, "ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
    .split("\n")
    .filter(include);
  return files.flatMap((file) => {
    try {
      return [[file, readFileSync(path.join(root, file), "utf8")]];
    } catch {
      return []; // listed by git but deleted in the working tree
    }
  });
}

/** Every violation in the repository's tracked and new source files. */
export function repositoryViolations(root) {
  const sources = repositorySources(root);
  return [
    ...sources.flatMap(([file, source]) => violationsIn(file, source)),
    ...featureCycles(sources.map(([file, source]) => [file, importsOf(file, source)])),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const violations = repositoryViolations(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
  for (const line of violations) console.error(line);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import(s) cross a feature boundary (DESIGN.md, "Features across the layers").`);
    process.exit(1);
  }
  console.log("feature boundaries: every cross-feature import goes through an index");
}
