import { fc, test } from "@fast-check/vitest";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { ERROR_CODES } from "../../domain/error-catalogue.ts";
import { type TestApp, API_KEY_HEADER, createTestApp } from "../test-app.test-helper.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp("pglite");
});
afterAll(() => t.close());

const likelyFields = fc.record(
  {
    channel: fc.oneof(fc.constantFrom("email", "sms"), fc.jsonValue()),
    to: fc.oneof(fc.emailAddress(), fc.constantFrom("+12025550143", "", " "), fc.jsonValue()),
    subject: fc.oneof(fc.string(), fc.jsonValue()),
    body: fc.oneof(fc.string({ minLength: 1 }), fc.jsonValue()),
  },
  { requiredKeys: [] },
);

const answered = (status: number, raw: string): void => {
  // The route is rate limited per minute; moving the clock on keeps every run reaching the decoder.
  t.clock.advance(61_000);
  expect(status).toBeLessThan(500);
  if (status >= 400) expect(ERROR_CODES).toContain((JSON.parse(raw) as { code: string }).code);
};

describe("fuzzing the body route", () => {
  test.prop([fc.oneof(fc.jsonValue(), likelyFields, fc.dictionary(fc.string(), fc.jsonValue()))], { numRuns: 150 })(
    "random JSON bodies never cause a 500",
    async (body) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/dev/outbox",
        headers: { ...API_KEY_HEADER, "content-type": "application/json" },
        payload: JSON.stringify(body) ?? "null",
      });
      answered(response.statusCode, response.body);
    },
  );

  test.prop([fc.string(), fc.string()], { numRuns: 100 })("random raw bodies never cause a 500", async (contentType, payload) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/dev/outbox",
      headers: { ...API_KEY_HEADER, "content-type": contentType.replace(/[^\t\x20-\x7e]/g, "") || "application/json" },
      payload,
    });
    answered(response.statusCode, response.body);
  });

  test.prop([fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.array(fc.string())))], { numRuns: 100 })(
    "random queries never cause a 500",
    async (query) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) for (const v of [value].flat()) search.append(key, v);
      const response = await t.app.inject({ url: `/api/dev/outbox?${search.toString()}` });
      answered(response.statusCode, response.body);
    },
  );
});
