import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerApiReferenceRoutes } from "./api-reference-routes.ts";
import { buildOpenApiDocument } from "./openapi-document.ts";

describe("the API reference's build", () => {
  it("happens once, when the app is ready, however many times the document and the page are asked for", async () => {
    const app = Fastify();
    app.decorate("registeredRoutes", []);
    let builds = 0;
    registerApiReferenceRoutes(app, {
      version: "1.0.0",
      browsable: true,
      build: (routes, info) => {
        builds += 1;
        return buildOpenApiDocument(routes, info);
      },
    });
    await app.ready();
    expect(builds).toBe(1);
    for (let i = 0; i < 3; i += 1) {
      expect((await app.inject({ url: "/api/openapi.json" })).statusCode).toBe(200);
      expect((await app.inject({ url: "/api/docs" })).statusCode).toBe(200);
    }
    expect(builds).toBe(1);
    await app.close();
  });
});
