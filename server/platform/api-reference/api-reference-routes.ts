import type { FastifyInstance } from "fastify";
import { renderApiReferencePage } from "./api-reference-page.ts";
import { type OpenApiDocument, buildOpenApiDocument } from "./openapi-document.ts";

const OPEN = { public: true, apiKey: "not-required" } as const;

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every /api route, built from the routes'
 * declarations once the app is ready (every route is registered by then). Open like health:
 * it describes the API and holds no data; the API key is public in any case (every browser has it).
 * GET /api/docs (development only): the same as a readable page.
 */
export const registerApiReferenceRoutes = (
  app: FastifyInstance,
  options: { readonly version: string; readonly browsable: boolean },
): void => {
  let document: OpenApiDocument | undefined;
  const current = (): OpenApiDocument => (document ??= buildOpenApiDocument(app.registeredRoutes, { version: options.version }));

  app.get(
    "/api/openapi.json",
    { config: { access: OPEN, doc: { summary: "This API's OpenAPI 3.1 document, generated from the route declarations", scope: "none", errors: {} } } },
    async () => current(),
  );
  if (!options.browsable) return;
  app.get(
    "/api/docs",
    { config: { access: OPEN, doc: { summary: "Development only: the API reference as a page", scope: "none", errors: {}, produces: "text/html" } } },
    async (_request, reply) => reply.type("text/html; charset=utf-8").send(renderApiReferencePage(current())),
  );
};
