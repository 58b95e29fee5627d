import { filesOfRoute, parseRouteFiles, routeIndexOf, type RouteFiles } from "../../domain/shared/session/route-files.ts";
import { ROUTE_PRELOAD_ELEMENT_ID } from "../../domain/shared/session/session-boot.ts";

/**
 * The arrival route's files, named in the page the server sends (issue 35; docs/session.md, "The
 * route's files in the served page"). A cold load of a signed-in page needs the signed-in area's
 * and the page's files (about 35 on a session's detail) besides the entry's; the build lists them
 * per route in index.html (scripts/route-preload.mjs). The session's boot script used to append
 * one `<link>` per file, about 5 ms each on a slow phone's CPU, all before the first paint. Written
 * into the HTML instead, they are found by the browser's preload scanner with no script at all.
 *
 * - Scripts as `modulepreload` with `crossorigin` (as the build's loader asks, so the later
 *   `import()` takes the response) at `fetchpriority="low"`: the session's reads, sent a moment
 *   later by the boot script, then go out first on HTTP/1.1's six connections.
 * - Style sheets as `preload` (`as="style"`, `crossorigin`), not applied: a style sheet the parser
 *   meets in the head would hold the first paint until it arrived. The build's loader applies it
 *   when the page's chunk is imported, from the same response.
 * - Every visitor gets them, a signed-out one on a deep link too: the server cannot know (the
 *   session lives in the tab's sessionStorage), and the entry asks for the same area's and page's
 *   scripts on a signed-in address anyway (ui/main.tsx, preloadRouteCode), which after sign-in
 *   leads back there. At low priority they wait behind the sign-in page's own code.
 * - Same-origin files only, so the CSP (`script-src 'self'`, `style-src 'self'`) lets them load;
 *   the names come from the build, never from the request (only the pattern's match does).
 */

/** The build's table, read from the built index.html once at start: null without one (a test's page). */
export const routeFilesOfShell = (html: string): RouteFiles | null => {
  const block = new RegExp(`<script type="application/json" id="${ROUTE_PRELOAD_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return block === null ? null : parseRouteFiles(block[1]);
};

/** An attribute value with the characters that could end it or start markup written as references. */
const attribute = (value: string): string => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** The `<link>` elements that name the files of the route at `index` (none for -1), one a line. */
export const routeLinks = (table: RouteFiles, index: number): string =>
  filesOfRoute(table, index)
    .map((file) => {
      const href = attribute(`/${file}`);
      if (file.endsWith(".js")) return `<link rel="modulepreload" crossorigin href="${href}" fetchpriority="low">`;
      if (file.endsWith(".css")) return `<link rel="preload" as="style" crossorigin href="${href}">`;
      return "";
    })
    .filter((link) => link !== "")
    .join("\n    ");

/** The page with `links` just before `</head>`, after the entry's own tags (their files come first). */
export const withRouteLinks = (html: string, links: string): string => {
  const headEnd = html.indexOf("</head>");
  if (links === "" || headEnd === -1) return html;
  return `${html.slice(0, headEnd)}  ${links}\n  ${html.slice(headEnd)}`;
};

/**
 * The shell for each address: one page per route of the table (and one for every other address),
 * made on first use and kept, so each has its own compressed bodies and ETag. `make` turns a page
 * into what is sent (createPrecompressedBody's sender in client-assets.ts).
 */
export const shellsByRoute = <T>(html: string, make: (page: string) => T): ((path: string) => T) => {
  const table = routeFilesOfShell(html);
  const made = new Map<number, T>();
  return (path) => {
    const index = table === null ? -1 : routeIndexOf(table, path);
    let shell = made.get(index);
    if (shell === undefined) {
      shell = make(table === null ? html : withRouteLinks(html, routeLinks(table, index)));
      made.set(index, shell);
    }
    return shell;
  };
};
