import { describe, expect, it } from "vitest";
import { patternOf, routePreloadOf, type PreloadChunk } from "../../scripts/route-preload.mjs";
import { signedInOnlyModules, type GraphInfo } from "../../scripts/signed-in-chunk.mjs";

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
    }),
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

  it("names the area's files and the page's and its reads', each with its imports at any depth and its style sheets, beyond the entry's", () => {
    expect(filesOf("/patients")?.sort()).toEqual(["assets/area.js", "assets/list.css", "assets/list.js", "assets/queries.js", "assets/reads.js", "assets/shared.js", "assets/table.js"]);
    expect(filesOf("/dashboard")?.sort()).toEqual(["assets/area.js", "assets/shared.js"]);
    // A route whose page is not in the build (no chunk) still gets the area's.
    expect(filesOf("/patient/12")?.sort()).toEqual(["assets/area.js", "assets/shared.js"]);
    expect(new Set(preload.files).size).toBe(preload.files.length);
  });

  it("matches a route's whole address, one segment for each parameter", () => {
    expect(new RegExp(patternOf("/patient/:id")).test("/patient/12")).toBe(true);
    expect(new RegExp(patternOf("/patient/:id")).test("/patient/12/")).toBe(true);
    expect(new RegExp(patternOf("/patient/:id")).test("/patient/12/edit")).toBe(false);
    expect(new RegExp(patternOf("/patients")).test("/patients.json")).toBe(false);
    expect(new RegExp(patternOf("/details-panel/patient/:id/level/:levelId")).test("/details-panel/patient/1/level/2/trend/3")).toBe(false);
  });
});
