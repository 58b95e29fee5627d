import { describe, expect, it } from "vitest";
import { patternOf, routePreloadOf, type PreloadChunk } from "../../scripts/route-preload.mjs";
import { signedInOnlyModules, type GraphInfo } from "../../scripts/signed-in-chunk.mjs";
import { pageSharedGroups, staticClosure, WIDE_SHARE, widelySharedGroups, type SharedGraphInfo } from "../../scripts/page-shared-chunks.mjs";

// Issue 35, fewer files and one wave before a signed-in page's heading (vite.config.ts): the shared
// chunk of the signed-in area's own modules, and the list of each route's files the boot script
// asks for at once. Both are worked out from a build's graph; here from a made-up one.

/** A made-up module graph: module → [static imports, dynamic imports]. */
const graph = (modules: Record<string, [string[], string[]?]>, entry = "index.html") => {
  const infoOf = (id: string): GraphInfo | null =>
    modules[id] === undefined ? null : { isEntry: id === entry, importedIds: modules[id][0], dynamicallyImportedIds: modules[id][1] ?? [] };
  return signedInOnlyModules(Object.keys(modules), infoOf);
};

describe("the signed-in area's shared chunk", () => {
  it("takes what only the signed-in side loads, and leaves what the entry, an /auth page or the toast region loads", () => {
    const members = graph({
      "index.html": [["ui/main.tsx"]],
      "ui/main.tsx": [["ui/kit/button.tsx"], ["ui/app/signed-in-routes.tsx", "ui/features/auth/forgot-password-page.tsx", "ui/feedback/toast-region.tsx"]],
      "ui/kit/button.tsx": [[]],
      "ui/app/signed-in-routes.tsx": [["ui/shell/sidebar.tsx", "ui/kit/button.tsx", "ui/data/query-client-scope.tsx", "ui/kit/toast.tsx"], ["ui/features/patients/patients-list-page.tsx"]],
      "ui/shell/sidebar.tsx": [["domain/shared/format/names.ts"]],
      "domain/shared/format/names.ts": [[]],
      "ui/data/query-client-scope.tsx": [[]],
      "ui/kit/toast.tsx": [[]],
      "ui/features/auth/forgot-password-page.tsx": [["ui/data/query-client-scope.tsx"]],
      "ui/feedback/toast-region.tsx": [["ui/kit/toast.tsx"]],
      "ui/features/patients/patients-list-page.tsx": [["domain/shared/format/names.ts"]],
    });
    expect([...members].sort()).toEqual(["domain/shared/format/names.ts", "ui/shell/sidebar.tsx"]);
  });

  it("keeps the lazy parts their own chunks, and takes all an index reaches: which of its parts the area uses is not in the graph", () => {
    const members = graph({
      "index.html": [[], ["ui/app/signed-in-routes.tsx", "ui/app/prefetch/patients-list.ts"]],
      "ui/app/signed-in-routes.tsx": [["ui/features/chat/index.ts", "ui/shell/sidebar.tsx"]],
      "ui/app/prefetch/patients-list.ts": [["ui/shell/sidebar.tsx"]],
      "ui/shell/sidebar.tsx": [[]],
      "ui/features/chat/index.ts": [["ui/features/chat/chat-live.tsx", "ui/features/chat/thread-view.tsx"]],
      "ui/features/chat/chat-live.tsx": [[]],
      "ui/features/chat/thread-view.tsx": [["ui/features/chat/composer.tsx"]],
      "ui/features/chat/composer.tsx": [[]],
    });
    // Leaving an index's parts out put them in chunks that imported the shared one back: a cycle.
    expect([...members].sort()).toEqual([
      "ui/features/chat/chat-live.tsx",
      "ui/features/chat/composer.tsx",
      "ui/features/chat/index.ts",
      "ui/features/chat/thread-view.tsx",
      "ui/shell/sidebar.tsx",
    ]);
  });
});

describe("the pages' shared chunks", () => {
  // Made-up modules under /repo: module → [static imports, dynamic imports, code].
  const groupsOf = (modules: Record<string, [string[], string[]?, string?]>) => {
    const infoOf = (id: string): SharedGraphInfo | null =>
      modules[id] === undefined ? null : { importedIds: modules[id][0], dynamicallyImportedIds: modules[id][1] ?? [], code: modules[id][2] ?? null };
    const routes = [
      { lazySources: [/\/list-page\.tsx$/, /\/prefetch\/list\.ts$/] },
      { lazySources: [/\/detail-page\.tsx$/] },
      { lazySources: [/\/other-page\.tsx$/] },
    ];
    const lazy = Object.values(modules).flatMap(([, dynamic]) => dynamic ?? []);
    return pageSharedGroups(Object.keys(modules), infoOf, (id) => !lazy.includes(id) && !id.includes("/entry"), routes);
  };

  it("groups what two routes load before their heading by those routes, and leaves a route's own and later parts", () => {
    const groups = groupsOf({
      "/repo/entry.tsx": [[], ["/repo/a/list-page.tsx", "/repo/a/detail-page.tsx", "/repo/a/other-page.tsx", "/repo/ui/app/prefetch/list.ts"]],
      "/repo/a/list-page.tsx": [["/repo/a/wire.ts", "/repo/a/rows.ts"]],
      "/repo/ui/app/prefetch/list.ts": [["/repo/a/queries.ts"]],
      // The attempt editor is asked for after the heading (bundle-loaded-later.mjs): its module is not the page's.
      "/repo/a/detail-page.tsx": [["/repo/a/wire.ts", "/repo/a/queries.ts"], ["/repo/ui/features/session-review/attempt-editor.tsx", "/repo/a/dialog.tsx"]],
      "/repo/ui/features/session-review/attempt-editor.tsx": [["/repo/a/edit.ts", "/repo/a/rows.ts"]],
      // A lazy part not named as later counts before the heading.
      "/repo/a/dialog.tsx": [["/repo/a/rows.ts"]],
      "/repo/a/other-page.tsx": [["/repo/a/edit.ts"]],
      "/repo/a/wire.ts": [[]],
      "/repo/a/rows.ts": [[]],
      "/repo/a/queries.ts": [["/repo/a/wire.ts"]],
      "/repo/a/edit.ts": [[]],
    });
    expect(Object.fromEntries(groups)).toEqual({
      "/repo/a/wire.ts": "pages-0-1",
      "/repo/a/rows.ts": "pages-0-1",
      "/repo/a/queries.ts": "pages-0-1",
    });
  });

  it("joins a small group to the group of the fewest routes that holds its routes, when that group's routes load its imports already", () => {
    const small = 'export const label = "x";';
    const large = `export const wire = "${"w".repeat(4_000)}";`;
    const groups = groupsOf({
      "/repo/entry.tsx": [[], ["/repo/a/list-page.tsx", "/repo/a/detail-page.tsx", "/repo/a/other-page.tsx"]],
      "/repo/a/list-page.tsx": [["/repo/a/wire.ts", "/repo/a/label.ts"]],
      "/repo/a/detail-page.tsx": [["/repo/a/wire.ts", "/repo/a/label.ts", "/repo/a/picker.ts"]],
      "/repo/a/other-page.tsx": [["/repo/a/wire.ts", "/repo/a/picker.ts"]],
      // Loaded by the three routes: a large group.
      "/repo/a/wire.ts": [[], [], large],
      // Loaded by routes 0 and 1, small, and what it imports route 2 loads too: it joins the wire's group.
      "/repo/a/label.ts": [["/repo/a/wire.ts"], [], small],
      // Loaded by routes 1 and 2, small, but it imports a module route 0 does not load: joined,
      // route 0 would load one more file, so it stays a group of its own.
      "/repo/a/picker.ts": [["/repo/entry-picker-parts.ts"], [], small],
      "/repo/entry-picker-parts.ts": [[], [], large],
    });
    expect(Object.fromEntries(groups)).toEqual({ "/repo/a/wire.ts": "pages-0-1-2", "/repo/a/label.ts": "pages-0-1-2", "/repo/a/picker.ts": "pages-1-2" });
  });

  it("follows a feature's index only to the parts an importer names, as the bundler keeps only those", () => {
    const groups = groupsOf({
      "/repo/entry.tsx": [[], ["/repo/a/list-page.tsx", "/repo/a/detail-page.tsx", "/repo/a/other-page.tsx"]],
      "/repo/a/list-page.tsx": [["/repo/b/index.ts"], [], 'import { picker } from "../b/index.ts";'],
      "/repo/a/detail-page.tsx": [["/repo/b/index.ts"], [], 'import { picker, table } from "../b/index.ts";'],
      "/repo/a/other-page.tsx": [["/repo/b/index.ts"], [], 'import { table as grid } from "../b/index.ts";'],
      "/repo/b/index.ts": [["/repo/b/picker.ts", "/repo/b/table.ts"], [], 'export { picker } from "./picker.ts";\nexport { table } from "./table.ts";'],
      "/repo/b/picker.ts": [[]],
      "/repo/b/table.ts": [[]],
    });
    expect(groups.get("/repo/b/picker.ts")).toBe("pages-0-1");
    expect(groups.get("/repo/b/table.ts")).toBe("pages-1-2");
  });
});

describe("the groups most signed-in routes load, in the signed-in chunk", () => {
  // Module → [static imports, code].
  const infoOfGraph = (modules: Record<string, [string[], string?]>) => (id: string): SharedGraphInfo | null =>
    modules[id] === undefined ? null : { importedIds: modules[id][0], dynamicallyImportedIds: [], code: modules[id][1] ?? "export const x = 1;" };
  const modules: Record<string, [string[], string?]> = {
    "/repo/ui/main.tsx": [["/repo/ui/kit/button.tsx"]],
    "/repo/ui/app/signed-in-routes.tsx": [["/repo/ui/shell/sidebar.tsx"]],
    "/repo/ui/kit/button.tsx": [["/repo/node_modules/react-aria/announcer.mjs"]],
    "/repo/node_modules/react-aria/announcer.mjs": [[]],
    "/repo/ui/shell/sidebar.tsx": [[]],
    // A library's shim that only passes on what the entry loads already.
    "/repo/node_modules/@react-aria/live-announcer/import.mjs": [["/repo/node_modules/react-aria/announcer.mjs"], 'import {announce as a} from "react-aria/announcer";\n/* licence */\nexport {a as announce};\n'],
    "/repo/ui/feedback/confirm-change.ts": [["/repo/node_modules/@react-aria/live-announcer/import.mjs"]],
    "/repo/adapters/exercises/exercises-api.ts": [["/repo/domain/exercises/games-wire.ts"]],
    "/repo/domain/exercises/games-wire.ts": [[]],
    // Imports what only an /auth page and some routes load.
    "/repo/domain/slps/staff-wire.ts": [["/repo/domain/invitations/invitation-wire.ts"]],
    "/repo/domain/invitations/invitation-wire.ts": [[]],
    "/repo/ui/people/record.css.ts": [[]],
    "/repo/ui/kit/dialog.tsx": [[]],
  };
  const infoOf = infoOfGraph(modules);
  const everywhere = staticClosure(["/repo/ui/main.tsx", "/repo/ui/app/signed-in-routes.tsx"], infoOf);
  // Route indexes 10-19: ten signed-in routes.
  const routes = (count: number, first = 10) => `pages-${Array.from({ length: count }, (_, at) => first + at).join("-")}`;
  const groups = new Map([
    ["/repo/ui/feedback/confirm-change.ts", routes(6)],
    ["/repo/adapters/exercises/exercises-api.ts", routes(8)],
    ["/repo/domain/exercises/games-wire.ts", routes(9)],
    ["/repo/domain/slps/staff-wire.ts", routes(7)],
    ["/repo/ui/people/record.css.ts", routes(9, 11)],
    ["/repo/ui/kit/dialog.tsx", routes(4)],
  ]);

  it("joins a group loaded by at least half of them whose imports every signed-in route loads, through a shim or a group joined before it", () => {
    expect(WIDE_SHARE).toBe(0.5);
    expect([...widelySharedGroups(groups, infoOf, everywhere, 10)].sort()).toEqual([routes(6), routes(8), routes(9)].sort());
  });

  it("leaves a group that would bring a route a file it did not load, a style module, or too few routes", () => {
    const joined = widelySharedGroups(groups, infoOf, everywhere, 10);
    // The staff wire imports the invitations' wire: the dashboard would load one file more.
    expect(joined.has(routes(7))).toBe(false);
    // Four routes of ten.
    expect(joined.has(routes(4))).toBe(false);
    // The exercises' calls import the games' wire: joined once that group has (nine routes).
    expect(joined.has(routes(8))).toBe(true);
    // Without the games' wire among the joined, the exercises' calls stay.
    const withoutWire = new Map([...groups].filter(([id]) => id !== "/repo/domain/exercises/games-wire.ts"));
    expect(widelySharedGroups(withoutWire, infoOf, everywhere, 10).has(routes(8))).toBe(false);
    // A style module's group stays, even loaded by nine routes of ten: its sheet would go to all ten.
    expect(joined.has(routes(9, 11))).toBe(false);
    // A shim with code of its own counts as its own module, not loaded everywhere.
    const withCode = infoOfGraph({ ...modules, "/repo/node_modules/@react-aria/live-announcer/import.mjs": [["/repo/node_modules/react-aria/announcer.mjs"], "export const extra = 1;"] });
    expect(widelySharedGroups(new Map([["/repo/ui/feedback/confirm-change.ts", routes(6)]]), withCode, everywhere, 10).size).toBe(0);
  });
});

describe("each signed-in route's files for the boot script", () => {
  const chunk = (fileName: string, imports: string[] = [], extra: Partial<PreloadChunk> = {}): PreloadChunk => ({ fileName, imports, ...extra });
  const chunks = [
    chunk("assets/index.js", ["assets/react.js"], { isEntry: true, viteMetadata: { importedCss: new Set(["assets/index.css"]) } }),
    chunk("assets/react.js"),
    chunk("assets/area.js", ["assets/shared.js", "assets/react.js"], { facadeModuleId: "/repo/ui/app/signed-in-routes.tsx" }),
    chunk("assets/shared.js", ["assets/index.js"]),
    chunk("assets/list.js", ["assets/shared.js", "assets/table.js"], {
      facadeModuleId: "/repo/ui/features/patients/patients-list-page.tsx",
      viteMetadata: { importedCss: new Set(["assets/list.css"]) },
      // A part the page asks for as it runs, and one it asks for later (LOADED_LATER names it).
      dynamicImports: ["assets/body.js", "assets/editor.js"],
    }),
    chunk("assets/body.js", ["assets/table.js", "assets/timer.js"], {
      facadeModuleId: "/repo/ui/features/patients/list-body.tsx",
      viteMetadata: { importedCss: new Set(["assets/body.css"]) },
    }),
    chunk("assets/timer.js", ["assets/shared.js"]),
    chunk("assets/editor.js", ["assets/shared.js"], { facadeModuleId: "/repo/ui/features/patients/patient-edit-section.tsx" }),
    chunk("assets/table.js", ["assets/react.js"]),
    chunk("assets/reads.js", ["assets/queries.js"], { facadeModuleId: "/repo/ui/app/prefetch/patients-list.ts" }),
    chunk("assets/queries.js", ["assets/shared.js"]),
  ];
  const routes = [
    { id: "patients", path: "/patients" },
    { id: "dashboard", path: "/dashboard" },
    { id: "patient-detail", path: "/patient/:id" },
  ];
  const sources = new Map([["patients", ["/repo/ui/features/patients/patients-list-page.tsx", "/repo/ui/app/prefetch/patients-list.ts"]]]);
  const preload = routePreloadOf(chunks, routes, { area: "/repo/ui/app/signed-in-routes.tsx", sources });
  const filesOf = (path: string) => preload.routes.find(([pattern]) => new RegExp(pattern).test(path))?.[1].map((index) => preload.files[index]);

  it("names the area's files and the page's, each with its imports at any depth and its style sheets, beyond the entry's", () => {
    expect(filesOf("/patients")?.sort()).toEqual(["assets/area.js", "assets/body.js", "assets/list.css", "assets/list.js", "assets/shared.js", "assets/table.js", "assets/timer.js"]);
    expect(filesOf("/dashboard")?.sort()).toEqual(["assets/area.js", "assets/shared.js"]);
    // A route whose page is not in the build (no chunk) still gets the area's.
    expect(filesOf("/patient/12")?.sort()).toEqual(["assets/area.js", "assets/shared.js"]);
    expect(new Set(preload.files).size).toBe(preload.files.length);
  });

  it("names the parts a page asks for as it runs after the page's files, and neither the parts asked for later nor the arrival reads'", () => {
    const files = filesOf("/patients") ?? [];
    // The page's own files come first, so on six connections they go out first.
    const lastOwn = Math.max(...["assets/list.js", "assets/table.js"].map((file) => files.indexOf(file)));
    expect(files.indexOf("assets/body.js")).toBeGreaterThan(lastOwn);
    expect(files.indexOf("assets/timer.js")).toBeGreaterThan(lastOwn);
    expect(files).not.toContain("assets/editor.js");
    // Not the part's style sheet: its import asks for it as the page runs. In the wave a sheet goes
    // out before every script and holds a connection for a round trip (issue 35).
    expect(files).not.toContain("assets/body.css");
    expect(files).toContain("assets/list.css");
    // The arrival reads' module apart: the boot script asks for it only with a query string (at
    // the bare address its own reads are the module's, ui/app/prefetched-routes.ts, issue 35).
    expect(files).not.toContain("assets/reads.js");
    expect(files).not.toContain("assets/queries.js");
    const withQuery = preload.routes.find(([pattern]) => new RegExp(pattern).test("/patients"))?.[2]?.map((index) => preload.files[index]);
    expect(withQuery?.sort()).toEqual(["assets/queries.js", "assets/reads.js"]);
    expect(preload.routes.find(([pattern]) => new RegExp(pattern).test("/dashboard"))?.[2]).toBeUndefined();
  });

  it("matches a route's whole address, one segment for each parameter", () => {
    expect(new RegExp(patternOf("/patient/:id")).test("/patient/12")).toBe(true);
    expect(new RegExp(patternOf("/patient/:id")).test("/patient/12/")).toBe(true);
    expect(new RegExp(patternOf("/patient/:id")).test("/patient/12/edit")).toBe(false);
    expect(new RegExp(patternOf("/patients")).test("/patients.json")).toBe(false);
    expect(new RegExp(patternOf("/details-panel/patient/:id/level/:levelId")).test("/details-panel/patient/1/level/2/trend/3")).toBe(false);
  });
});
