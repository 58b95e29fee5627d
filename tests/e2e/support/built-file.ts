import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The built file of a source module, from the build's manifest (its name is a hash). */
export const builtFileOf = (source: string): string => {
  const manifest = JSON.parse(readFileSync(join(process.cwd(), "dist/.vite/manifest.json"), "utf8")) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (entry === undefined) throw new Error(`${source} is not in the build's manifest`);
  return entry.file;
};
