// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { ROUTE_PRELOAD_ELEMENT_ID } from "../../domain/shared/session/session-boot.ts";
import { preloadRouteFiles, routeScriptFiles } from "./route-files.ts";

// The block the build writes (scripts/route-preload.mjs): the area's files, then each route's own.
const table = {
  files: ["assets/area.js", "assets/area.css", "assets/patients.js", "assets/record.js", "assets/shared.js"],
  routes: [
    ["^/patients/?$", [0, 1, 2, 4]],
    ["^/patient/[^/]+/?$", [0, 1, 3, 4]],
  ],
};

// A fresh document per test: the block is read once per document.
const documentWith = (block: string | null): Document => {
  const doc = document.implementation.createHTMLDocument("portal");
  // As served: the page's own address is the base of the files' addresses.
  const base = doc.createElement("base");
  base.href = "https://portal.test/patients";
  doc.head.appendChild(base);
  if (block !== null) {
    const script = doc.createElement("script");
    script.type = "application/json";
    script.id = ROUTE_PRELOAD_ELEMENT_ID;
    script.textContent = block;
    doc.head.appendChild(script);
  }
  return doc;
};

const preloaded = (doc: Document) => Array.from(doc.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]"), (link) => link.getAttribute("href"));

describe("the route's files from the build's block (issue 35)", () => {
  let doc: Document;
  beforeEach(() => {
    doc = documentWith(JSON.stringify(table));
  });

  it("names the first matching route's scripts, without its style sheets", () => {
    expect(routeScriptFiles("/patient/7", doc)).toEqual(["/assets/area.js", "/assets/record.js", "/assets/shared.js"]);
    expect(routeScriptFiles("/settings/1", doc)).toEqual([]);
  });

  it("asks for each of them once, as modulepreload with crossorigin", () => {
    preloadRouteFiles("/patients", doc);
    expect(preloaded(doc)).toEqual(["/assets/area.js", "/assets/patients.js", "/assets/shared.js"]);
    expect(doc.querySelector("link")?.crossOrigin).toBe("");
    // The next page adds only what is not asked for yet.
    preloadRouteFiles("/patient/7", doc);
    expect(preloaded(doc)).toEqual(["/assets/area.js", "/assets/patients.js", "/assets/shared.js", "/assets/record.js"]);
  });

  it("skips what the boot script or the page named already, however the address is written", () => {
    const early = doc.createElement("link");
    early.rel = "modulepreload";
    early.href = "https://portal.test/assets/area.js";
    doc.head.appendChild(early);
    preloadRouteFiles("/patients", doc);
    expect(preloaded(doc)).toEqual(["https://portal.test/assets/area.js", "/assets/patients.js", "/assets/shared.js"]);
  });

  it("does nothing without a block or with one it cannot read (npm run dev)", () => {
    for (const block of [null, "not json", JSON.stringify({ files: "x", routes: [] })]) {
      const bare = documentWith(block);
      preloadRouteFiles("/patients", bare);
      expect(preloaded(bare)).toEqual([]);
    }
  });
});
