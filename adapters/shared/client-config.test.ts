import { describe, expect, it } from "vitest";
import { readClientConfig } from "./client-config.ts";

describe("reading the configuration the server wrote into the page", () => {
  it("decodes the API key", () => {
    expect(readClientConfig('{"apiKey":"key-of-this-deployment"}')).toEqual({ ok: true, config: { apiKey: "key-of-this-deployment" } });
  });

  it("reads a value the server escaped", () => {
    expect(readClientConfig('{"apiKey":"\\u003c/script>"}')).toEqual({ ok: true, config: { apiKey: "</script>" } });
  });

  it.each([
    ["a missing block", null, "has no #portal-config configuration block"],
    ["an empty block", "  ", "has no #portal-config configuration block"],
    ["text that is not JSON", "{apiKey:", "not valid JSON"],
    ["no API key", "{}", "incomplete or malformed"],
    ["an empty API key", '{"apiKey":""}', "incomplete or malformed"],
    ["a number for the key", '{"apiKey":42}', "incomplete or malformed"],
    ["an array", "[]", "incomplete or malformed"],
  ])("names the problem with %s", (_, text, problem) => {
    const reading = readClientConfig(text);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.problem).toContain(problem);
  });
});
