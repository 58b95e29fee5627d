import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../test-app.test-helper.ts";

// One line per request (server/http/access-log.ts): written when the answer has gone out, with
// the request's method, route and path (never its query string), the status and the time taken.
describe("the access log", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t.close());

  const linesOf = (reqId: unknown) => t.logs.filter((line) => line.reqId === reqId);

  it("writes one line per answered request, with what an operator needs and no query string", async () => {
    const before = t.logs.length;
    const response = await t.app.inject({ method: "GET", url: "/api/patients/?search=Zebulonia", headers: API_KEY_HEADER });
    expect(response.statusCode).toBe(401);
    const written = t.logs.slice(before);
    const reqIds = new Set(written.map((line) => line.reqId));
    expect(reqIds.size).toBe(1);
    const lines = linesOf([...reqIds][0]);
    // The refusal's own line (the error handler's, at info for a 4xx) stays; the arrival's is gone.
    expect(lines.some((line) => line.msg === "incoming request")).toBe(false);
    const completed = lines.filter((line) => line.msg === "request completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { method: "GET", path: "/api/patients/", route: "/api/patients/" },
      res: { statusCode: 401 },
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(written)).not.toContain("Zebulonia");
  });

  it("logs a request for an unknown address once too", async () => {
    const before = t.logs.length;
    const response = await t.app.inject({ method: "GET", url: "/api/no-such-thing/", headers: API_KEY_HEADER });
    expect(response.statusCode).toBe(404);
    const written = t.logs.slice(before).filter((line) => line.msg === "request completed");
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ req: { method: "GET", path: "/api/no-such-thing/" }, res: { statusCode: 404 } });
  });
});
