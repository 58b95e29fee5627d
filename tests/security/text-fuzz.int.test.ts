import { fc } from "@fast-check/vitest";
import * as Schema from "effect/Schema";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatStreamEndpoint, deviceStreamEndpoint } from "../../domain/chat/chat-endpoints.ts";
import { ERROR_CODES } from "../../domain/shared/error-catalogue.ts";
import type { InstitutionId, UserId } from "../../domain/shared/ids.ts";
import { roleAllows } from "../../domain/shared/permissions/role-permissions.ts";
import { ROLE_CODES, type RoleCode } from "../../domain/shared/roles.ts";
import { activateSession, createPreAuthSession } from "../../server/auth/sessions.ts";
import { TEST_DRIVERS } from "../../server/db/test-database.ts";
import type { RegisteredRoute } from "../../server/http/access-control.ts";
import type { Principal } from "../../server/http/principal.ts";
import { isPreAuth, isProtected } from "../../server/http/route-access.ts";
import { basic, createAccount } from "../../server/auth/auth.test-helper.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../../server/test-app.test-helper.ts";
import { fuzzRuns } from "../../domain/shared/testing/fuzz-budget.test-helper.ts";

// Every route the app exposes gets generated text with every kind of control character, lone
// surrogates and very long values, in its body, query string, path params and Basic header, as
// the caller its access rule admits. The routes and what they decode come from the app itself
// (registeredRoutes and each route's declared decoders), so a new route joins by itself.
// Bounded for a loaded 2-core machine: RUNS_PER_ROUTE runs per route and driver.
const RUNS_PER_ROUTE = fuzzRuns(8);

const char = (code: number): string => String.fromCharCode(code);
const controlCharacter = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map(char),
  fc.constant("\u007f"),
  fc.integer({ min: 0x80, max: 0x9f }).map(char),
);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map(char);
const plausible = fc.constantFrom("a@clinic.test", "email", "sms", "app", "+16175550100", "123456", "1", "true", "Ann", "");
const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constant("\u0000") },
  { weight: 3, arbitrary: controlCharacter },
  { weight: 2, arbitrary: loneSurrogate },
  { weight: 3, arbitrary: plausible },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom("\u2028", "\ufeff", "\ufffe", "😀", "'; drop table users; --", "%00", "%") },
  // Invisible direction and width characters: refused in names, dropped from prose (docs/validation.md).
  { weight: 1, arbitrary: fc.constantFrom("\u202e", "\u2066", "\u200b", "\u200d", "\u061c") },
);
const longText = fc
  .tuple(fc.oneof(plausible, controlCharacter, fc.constant("x")), fc.integer({ min: 300, max: 70_000 }))
  .map(([text, length]) => (text === "" ? "x" : text).repeat(Math.ceil(length / Math.max(1, text.length))));
/** Generated text: mostly short mixes of hostile and plausible pieces, sometimes very long. */
const hostileText = fc.oneof(
  { weight: 8, arbitrary: fc.array(piece, { minLength: 1, maxLength: 6 }).map((pieces) => pieces.join("")) },
  { weight: 1, arbitrary: longText },
);

type JsonSchemaNode = {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly JsonSchemaNode[];
  readonly oneOf?: readonly JsonSchemaNode[];
  readonly properties?: Readonly<Record<string, JsonSchemaNode>>;
  readonly items?: JsonSchemaNode;
  readonly $ref?: string;
};

/** Values shaped like what the schema's wire side takes, with generated text wherever it takes a string. */
const shapedBy = (node: JsonSchemaNode, depth = 0): fc.Arbitrary<unknown> => {
  if (depth > 4) return hostileText;
  if (node.enum !== undefined && node.enum.length > 0) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...node.enum) }, { weight: 1, arbitrary: hostileText });
  const choices = node.anyOf ?? node.oneOf;
  if (choices !== undefined && choices.length > 0) return fc.oneof(...choices.map((choice) => shapedBy(choice, depth + 1)));
  const types = node.type === undefined ? [] : [node.type].flat();
  if (types.includes("object") || node.properties !== undefined) {
    const properties = Object.entries(node.properties ?? {}).map(([key, value]) => [key, shapedBy(value, depth + 1)] as const);
    return fc.record(Object.fromEntries(properties), { requiredKeys: [] });
  }
  if (types.includes("array")) return fc.array(node.items === undefined ? hostileText : shapedBy(node.items, depth + 1), { maxLength: 3 });
  if (types.includes("integer") || types.includes("number")) return fc.oneof(fc.integer(), fc.constantFrom(2_147_483_648, -1, 0, 1e308));
  if (types.includes("boolean")) return fc.boolean();
  if (types.includes("null")) return fc.constant(null);
  // Other fields often hold something plausible, so generated text in one field gets past the others.
  return fc.oneof(hostileText, plausible);
};

const wireShape = (schema: Schema.Top): JsonSchemaNode => {
  try {
    return Schema.toJsonSchemaDocument(schema).schema as JsonSchemaNode;
  } catch {
    return { type: "object" };
  }
};

// A URL carries UTF-8; a lone surrogate has no UTF-8 spelling, so it goes as the bytes a careless
// encoder would write (invalid UTF-8), which the server must refuse or replace, never crash on.
const urlText = (text: string): string =>
  Array.from(text, (unit) => {
    const code = unit.codePointAt(0) ?? 0;
    if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(unit);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join("");
  }).join("");

const queryString = (values: Record<string, unknown>): string =>
  Object.entries(values)
    .flatMap(([key, value]) => [value].flat().map((item) => `${urlText(key)}=${urlText(typeof item === "string" ? item : JSON.stringify(item) ?? "")}`))
    .join("&");

type Caller = "anonymous" | "preAuth" | "signedIn";

const callerFor = (route: RegisteredRoute): Caller => {
  const access = route.access;
  if (access === undefined || "public" in access) return "anonymous";
  return isPreAuth(access) ? "preAuth" : "signedIn";
};

/** A role the route's access rule admits (any role for `{ signedIn: true }`). */
const roleFor = (route: RegisteredRoute): RoleCode => {
  const access = route.access;
  if (access === undefined || !isProtected(access)) return "staff";
  return ROLE_CODES.find((role) => roleAllows(role, access.resource, access.action)) ?? "staff";
};

type Generated = {
  readonly params: Record<string, string>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
  readonly basicHeader: readonly [string, string] | undefined;
};

const requestFor = (route: RegisteredRoute): fc.Arbitrary<Generated> => {
  const declared = (part: string) => route.decodes.find((decoder) => decoder.part === part);
  const paramNames = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? "*");
  const params = fc.record(Object.fromEntries(paramNames.map((name) => [name, hostileText])), { requiredKeys: paramNames });
  const queryDecoder = declared("query");
  // Without a declared query, stray keys must be ignored or refused as well.
  const query = queryDecoder === undefined ? fc.dictionary(hostileText, hostileText, { maxKeys: 2 }) : shapedBy(wireShape(queryDecoder.schema));
  const bodyDecoder = declared("body");
  const body = bodyDecoder === undefined ? fc.option(fc.dictionary(hostileText, hostileText, { maxKeys: 2 }), { nil: undefined }) : shapedBy(wireShape(bodyDecoder.schema));
  const basicHeader = callerFor(route) === "anonymous" ? fc.option(fc.tuple(hostileText, hostileText), { nil: undefined }) : fc.constant(undefined);
  return fc.record({ params, query: query as fc.Arbitrary<Record<string, unknown>>, body, basicHeader });
};

const urlOf = (route: RegisteredRoute, generated: Generated): string => {
  const path = route.url.replace(/:(\w+)|\*/g, (_, name: string | undefined) => urlText(generated.params[name ?? "*"] ?? ""));
  const query = typeof generated.query === "object" && generated.query !== null ? queryString(generated.query) : "";
  return query === "" ? path : `${path}?${query}`;
};

const expectAnswered = (route: RegisteredRoute, response: LightMyRequestResponse): void => {
  const where = `${route.method} ${route.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(Object.keys(body).sort(), where).toEqual(["code", "detail", "id", "message"]);
  expect(ERROR_CODES, where).toContain(body.code);
  expect(body.id, where).toBe(response.headers["x-request-id"] ?? body.id);
  expect(String(body.id), where).toMatch(/^[0-9a-f-]{36}$/);
};

describe.each(TEST_DRIVERS)("generated text on every route (%s)", (driver) => {
  let t: TestApp;
  const principals = new Map<RoleCode, Principal>();
  let preAuth: Principal | undefined;

  // Stand-ins at the authentication ports present real users and sessions: the clock moves past
  // the per-IP rate-limit windows on every run, far beyond a real token's life.
  beforeAll(async () => {
    t = await createTestApp(driver, {
      authenticator: async (request) => {
        const role = /^Bearer (\w+)$/.exec(request.headers.authorization ?? "")?.[1];
        return role === undefined ? undefined : principals.get(role as RoleCode);
      },
      preAuthenticator: async (request) => (/^Token /.test(request.headers.authorization ?? "") ? preAuth : undefined),
    });
    for (const role of ROLE_CODES) {
      const account = await createAccount(t, { email: `fuzz-${role.replace(/_/g, "-")}@clinic.test`, role });
      const sessionId = await createPreAuthSession(t.database.db, account.id, t.clock.now(), "127.0.0.1");
      await activateSession(t.database.db, sessionId, t.clock.now());
      principals.set(role, { userId: account.id as UserId, role, institutionId: account.institutionId as InstitutionId | null, sessionId });
    }
    preAuth = principals.get("staff");
  }, 120_000);
  afterAll(() => t.close());

  const STREAMS = new Set<string>([chatStreamEndpoint.path, deviceStreamEndpoint.path]);

  it("answers every generated request below 500, with a catalogue body when it refuses", { timeout: 240_000 }, async () => {
    // The chat's streams never end for a caller they accept, so no generated request could be
    // awaited: their one input, Last-Event-ID, is read by lastEventIdOf (digits only, else from the
    // start), and their refusals are the access matrix's.
    const routes = t.app.registeredRoutes.filter((route) => route.method !== "HEAD" && route.method !== "OPTIONS" && !STREAMS.has(route.url));
    // The route list must be the app's: the sign-in route and a decoded search are among them.
    expect(routes.some((route) => route.url.endsWith("/login_web/"))).toBe(true);
    expect(routes.some((route) => route.decodes.some((decoder) => decoder.part === "query"))).toBe(true);
    for (const route of routes) {
      const caller = callerFor(route);
      const role = roleFor(route);
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (generated) => {
          t.clock.advance(16 * 60_000);
          const authorization =
            caller === "preAuth"
              ? "Token fuzz"
              : caller === "signedIn"
                ? `Bearer ${role}`
                : generated.basicHeader === undefined
                  ? undefined
                  : basic(...generated.basicHeader);
          const response = await t.app.inject({
            method: route.method as "GET",
            url: urlOf(route, generated),
            headers: {
              ...API_KEY_HEADER,
              ...(authorization === undefined ? {} : { authorization }),
              ...(generated.body === undefined || route.method === "GET" ? {} : { "content-type": "application/json" }),
            },
            ...(generated.body === undefined || route.method === "GET" ? {} : { payload: JSON.stringify(generated.body) }),
          });
          expectAnswered(route, response);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  });
  it("answers raw bodies of any content type below 500, on every route that takes a body", { timeout: 120_000 }, async () => {
    const routes = t.app.registeredRoutes.filter((route) => ["POST", "PUT", "PATCH", "DELETE"].includes(route.method));
    expect(routes.length).toBeGreaterThan(3);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(fc.string(), fc.oneof(hostileText, fc.string({ unit: "binary" })), async (contentType, payload) => {
          t.clock.advance(16 * 60_000);
          const response = await t.app.inject({
            method: route.method as "POST",
            url: route.url.replace(/:(\w+)|\*/g, "1"),
            headers: {
              ...API_KEY_HEADER,
              ...(callerFor(route) === "anonymous" ? {} : { authorization: callerFor(route) === "preAuth" ? "Token fuzz" : `Bearer ${roleFor(route)}` }),
              "content-type": contentType.replace(/[^\t\x20-\x7e]/g, "") || "application/json",
            },
            payload,
          });
          expectAnswered(route, response);
        }),
        { numRuns: fuzzRuns(3) },
      );
    }
  });
});
