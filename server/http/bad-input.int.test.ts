import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../domain/shared/error-catalogue.ts";
import { anonymousRefusals } from "../db/schema/anonymous-refusals.ts";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { AUTH, auditRows, basic, createAccount, pastIpWindows, signIn, withBearer } from "../auth/auth.test-helper.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../test-app.test-helper.ts";

/** A failure body is exactly the catalogue's four keys, with a request id. */
const catalogueBody = (raw: string): { code: string; detail: unknown; id: string } => {
  const body = JSON.parse(raw) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["code", "detail", "id", "message"]);
  expect(ERROR_CODES).toContain(body.code);
  expect(String(body.id)).toMatch(/^[0-9a-f-]{36}$/);
  return { code: String(body.code), detail: body.detail, id: String(body.id) };
};

// Text PostgreSQL refuses (NUL), other controls no field may hold, and a lone surrogate.
const HOSTILE = ["a\u0000b", "a\u0007b", "a\u007fb", "a\u0085b", "a\ud800b"];
// Invisible direction and width characters: a name holding one could display unlike what is stored.
const INVISIBLE = ["a\u202eb", "a\u2066b", "a\u200bb", "a\u200fb", "a\u061cb", "a\u2060b", "a\ufeffb", "Ann\u200d"];
// A URL carries UTF-8, which has no spelling for a lone surrogate (see the invalid UTF-8 test).
const HOSTILE_IN_URL = HOSTILE.filter((text) => !/\p{Cs}/u.test(text));

describe.each(TEST_DRIVERS)("bad input is refused at the decoding edge (%s)", (driver) => {
  let t: TestApp;
  let staffAccess = "";
  let superAccess = "";
  beforeAll(async () => {
    t = await createTestApp(driver);
    staffAccess = (await signIn(t, await createAccount(t, { email: "bad-input-staff@clinic.test", role: "institution_admin" }))).access;
    superAccess = (await signIn(t, await createAccount(t, { email: "bad-input-super@clinic.test", role: "super_admin" }))).access;
  }, 60_000);
  afterAll(() => t.close());

  it.each(HOSTILE_IN_URL)("a search for %j answers 400 ERROR_056 naming the field", async (text) => {
    const response = await t.app.inject({
      url: `/api/patients/dashboard?search=${encodeURIComponent(text)}`,
      headers: withBearer(staffAccess),
    });
    expect(response.statusCode).toBe(400);
    expect(catalogueBody(response.body)).toMatchObject({ code: "ERROR_056", detail: { field: "search" } });
  });

  it.each(HOSTILE)("a name of %j answers 400 ERROR_056 naming the field", async (text) => {
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/users/me/",
      headers: withBearer(staffAccess),
      payload: { first_name: `Ann${text}` },
    });
    expect(response.statusCode).toBe(400);
    expect(catalogueBody(response.body)).toMatchObject({ code: "ERROR_056", detail: { field: "first_name" } });
  });

  it.each(INVISIBLE)("a name of %j (an invisible direction or width character) answers 400 ERROR_056 naming the field, and changes nothing", async (text) => {
    const before = await t.app.inject({ url: "/api/users/me/", headers: withBearer(staffAccess) });
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/users/me/",
      headers: withBearer(staffAccess),
      payload: { last_name: `Ann${text}` },
    });
    expect(response.statusCode).toBe(400);
    expect(catalogueBody(response.body)).toMatchObject({ code: "ERROR_056", detail: { field: "last_name" } });
    expect((await t.app.inject({ url: "/api/users/me/", headers: withBearer(staffAccess) })).json()).toEqual(before.json());
  });

  it.each(HOSTILE_IN_URL)("the outbox refuses %j in a body and in a query", async (text) => {
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/dev/outbox",
      headers: API_KEY_HEADER,
      payload: { channel: "email", to: "a@clinic.test", body: `hello${text}` },
    });
    expect(sent.statusCode).toBe(400);
    expect(catalogueBody(sent.body)).toMatchObject({ code: "ERROR_056", detail: { field: "body" } });
    const read = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(`a${text}@clinic.test`)}`, headers: API_KEY_HEADER });
    expect(read.statusCode).toBe(400);
    expect(catalogueBody(read.body)).toMatchObject({ code: "ERROR_056", detail: { field: "to" } });
  });

  it.each(["%00", "%ED%A0%80", "%FF", "%C0%80", "%"])("a search with the escape %s answers a catalogue body, never 500", async (escape) => {
    const response = await t.app.inject({ url: `/api/patients/dashboard?search=a${escape}b`, headers: withBearer(staffAccess) });
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode >= 400) expect(catalogueBody(response.body).code).toBe("ERROR_056");
  });

  it("keeps line breaks and tabs where a field is multi-line", async () => {
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/dev/outbox",
      headers: API_KEY_HEADER,
      payload: { channel: "email", to: "a@clinic.test", body: "line one\r\n\tline two" },
    });
    expect(sent.statusCode).toBeLessThan(300);
  });

  it.each(["2147483648", "9007199254740991", "99999999999999"])("an id of %s answers 400 ERROR_056, not 500", async (id) => {
    const response = await t.app.inject({ url: `/api/dashboard/overview?institution=${id}`, headers: withBearer(superAccess) });
    expect(response.statusCode).toBe(400);
    expect(catalogueBody(response.body)).toMatchObject({ code: "ERROR_056", detail: { field: "institution" } });
  });

  it.each(["999999999999999", "2147483648"])("a page number of %s answers without a database error", async (page) => {
    const response = await t.app.inject({ url: `/api/patients/dashboard?page=${page}&page_size=100`, headers: withBearer(staffAccess) });
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode >= 400) expect(catalogueBody(response.body).code).toBe("ERROR_056");
  });

  it("still takes the largest id a column holds", async () => {
    const response = await t.app.inject({ url: "/api/dashboard/overview?institution=2147483647", headers: withBearer(superAccess) });
    expect(response.statusCode).toBe(404);
    expect(catalogueBody(response.body).code).toBe("ERROR_030");
  });

  // Last: each of these moves the clock past the per-IP windows, beyond the access tokens' life.
  // Such an address names nobody: counted among the anonymous refusals (issue 31 item 13), not one audit row each.
  it.each(HOSTILE)("sign-in with %j in the e-mail answers ERROR_005 and is counted as an anonymous refusal", async (text) => {
    pastIpWindows(t);
    const before = (await auditRows(t)).length;
    const counted = async (): Promise<number> => {
      const rows = await t.database.db.select().from(anonymousRefusals).where(and(eq(anonymousRefusals.action, "auth.password"), eq(anonymousRefusals.outcome, "failure")));
      return rows.reduce((sum, row) => sum + row.count, 0);
    };
    const countedBefore = await counted();
    const response = await t.app.inject({
      method: "POST",
      url: `${AUTH}/login_web/`,
      headers: { ...API_KEY_HEADER, authorization: basic(`bad${text}@clinic.test`, "whatever-password") },
    });
    expect(response.statusCode).toBe(401);
    expect(catalogueBody(response.body).code).toBe("ERROR_005");
    expect((await auditRows(t)).slice(before)).toEqual([]);
    expect(await counted()).toBe(countedBefore + 1);
  });
});
