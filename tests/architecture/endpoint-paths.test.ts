import { describe, expect, it } from "vitest";
import { mayWritePaths, repositoryStrayPaths, strayPaths } from "../../scripts/endpoint-paths.mjs";

// The one-endpoint-table rule (DESIGN.md, "Features across the layers"; scripts/endpoint-paths.mjs,
// run by `npm run lint`), shown on small examples and then on the whole repository.
describe("endpoint paths", () => {
  it("rejects an adapter or a server route that writes an API path itself", () => {
    expect(strayPaths("adapters/patients/patients-api.ts", "client.get(`/api/patients/${id}/`, { schema });\n")).toEqual([
      "adapters/patients/patients-api.ts:1: writes /api/patients/${id}/ (declare it once in domain/<feature>/*-endpoints.ts)",
    ]);
    expect(strayPaths("server/features/patients/patient-routes.ts", 'app.get("/api/patients/", handler);\n')).toHaveLength(1);
    expect(strayPaths("ui/features/exercises/page.tsx", "const href = '/api/content/x.json';\n")).toHaveLength(1);
  });

  it("lets the declarations, the platform's own routes and tests write paths, and comments and the bare base path pass", () => {
    expect(mayWritePaths("domain/patients/patients-endpoints.ts")).toBe(true);
    expect(mayWritePaths("server/platform/health.ts")).toBe(true);
    expect(mayWritePaths("server/features/patients/patients-list.int.test.ts")).toBe(true);
    expect(mayWritePaths("adapters/patients/patients-api.ts")).toBe(false);
    expect(strayPaths("server/http/route-access.ts", 'pathname.startsWith("/api/")\n// GET "/api/patients/" answers a page\n')).toEqual([]);
  });

  it("holds for every source file of the repository", () => {
    expect(repositoryStrayPaths(new URL("../..", import.meta.url).pathname)).toEqual([]);
  });
});
