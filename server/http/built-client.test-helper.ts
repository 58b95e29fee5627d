import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

/** A hashed script well over any compression threshold, repetitive enough to shrink. */
export const APP_SCRIPT = `console.log(${JSON.stringify("portal ".repeat(800))});\n`;
export const APP_SCRIPT_URL = "/assets/app-1234.js";
export const APP_MAP_URL = "/assets/app-1234.js.map";
/** A file the build left uncompressed (under its threshold). */
export const ICON_URL = "/assets/favicon-5678.svg";

/**
 * A dist/ folder shaped like `vite build` output: index.html, a hashed script with its .br and
 * .gz variants and a (hidden) source map, and a small asset without variants.
 */
export const builtClient = async (): Promise<string> => {
  const dir = await mkdtemp(path.join(tmpdir(), "portal-dist-"));
  await mkdir(path.join(dir, "assets"));
  await writeFile(
    path.join(dir, "index.html"),
    `<!doctype html>\n<html lang="en">\n  <head>\n    <title>Portal</title>\n    <script type="module" src="${APP_SCRIPT_URL}"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`,
  );
  const script = Buffer.from(APP_SCRIPT);
  await writeFile(path.join(dir, APP_SCRIPT_URL), script);
  await writeFile(path.join(dir, `${APP_SCRIPT_URL}.br`), brotliCompressSync(script));
  await writeFile(path.join(dir, `${APP_SCRIPT_URL}.gz`), gzipSync(script));
  await writeFile(path.join(dir, APP_MAP_URL), JSON.stringify({ version: 3, sources: ["ui/main.tsx"], mappings: "" }));
  await writeFile(path.join(dir, ICON_URL), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
};
