import type { FastifyInstance } from "fastify";
import { createPrecompressedBody, type SendPrecompressed } from "../../http/precompressed-body.ts";
import type { RegisteredRoute } from "../../http/access-control.ts";
import { renderApiReferencePage } from "./api-reference-page.ts";
import { type OpenApiDocument, buildOpenApiDocument } from "./openapi-document.ts";

/** The API key, as on every other call: the document maps every route, error and schema. */
const WITH_API_KEY = { public: true } as const;
/** The development page is a browser navigation, which cannot send a header. */
const OPEN = { public: true, apiKey: "not-required" } as const;

type Built = { readonly json: SendPrecompressed; readonly page: string | undefined };

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every /api route, built from the routes'
 * declarations once, when the app is ready (every route is registered by then), and served as
 * precompressed bytes with a strong ETag (304 on If-None-Match). It needs the API key like every
 * other call, in every environment (docs/security.md, "The API reference").
 * GET /api/docs (development only): the same as a readable page, rendered from the same build.
 * `build` is the document builder (a test counts its calls).
 */
export const registerApiReferenceRoutes = (
  app: FastifyInstance,
  options: {
    readonly version: string;
    readonly browsable: boolean;
    readonly build?: (routes: readonly RegisteredRoute[], info: { readonly version: string }) => OpenApiDocument;
  },
): void => {
  const build = options.build ?? buildOpenApiDocument;
  let built: Built | undefined;
  app.addHook("onReady", async () => {
    const document = build(app.registeredRoutes, { version: options.version });
    built = {
      json: createPrecompressedBody(JSON.stringify(document), "application/json; charset=utf-8").send,
      page: options.browsable ? renderApiReferencePage(document) : undefined,
    };
  });
  const current = (): Built => {
    if (built === undefined) throw new Error("the API reference is built when the app is ready");
    return built;
  };

  app.get(
    "/api/openapi.json",
    {
      compress: false,
      config: { access: WITH_API_KEY, doc: { summary: "This API's OpenAPI 3.1 document, generated from the route declarations (ETag, 304 on If-None-Match)", scope: "none", errors: {} } },
    },
    async (request, reply) => current().json(request, reply),
  );
  if (!options.browsable) return;
  app.get(
    "/api/docs",
    { config: { access: OPEN, doc: { summary: "Development only: the API reference as a page", scope: "none", errors: {}, produces: "text/html" } } },
    async (_request, reply) => reply.type("text/html; charset=utf-8").send(current().page),
  );
};
