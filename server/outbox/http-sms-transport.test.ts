import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { type FakeSmsProvider, startFakeSmsProvider } from "./fake-sms-provider.test-helper.ts";
import { httpSmsTransport } from "./http-sms-transport.ts";

const MESSAGE = { channel: "sms", recipient: "+12025550143", subject: "", body: "Your code is 424242" } as const;

/** The provider settings exactly as the server would decode them from SMS_URL / SMS_TOKEN. */
const providerFrom = (env: Record<string, string>) => {
  const loaded = loadConfig(env);
  if (!loaded.ok || loaded.config.sms === undefined) throw new Error("no SMS provider configured");
  return loaded.config.sms;
};

describe("HTTP SMS transport (against a local fake provider)", () => {
  let provider: FakeSmsProvider;
  beforeAll(async () => {
    provider = await startFakeSmsProvider();
  });
  afterAll(() => provider.close());
  beforeEach(() => {
    provider.requests.length = 0;
    provider.mode = { kind: "accept" };
  });

  it("POSTs { to, body } as JSON with Basic credentials taken from SMS_URL", async () => {
    const url = provider.url.replace("http://", "http://clinic:s3cret%21@");
    await httpSmsTransport(providerFrom({ SMS_URL: url })).deliver(MESSAGE);
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/messages");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from("clinic:s3cret!").toString("base64")}`);
    expect(JSON.parse(request?.body ?? "")).toEqual({ to: "+12025550143", body: "Your code is 424242" });
  });

  it("sends SMS_TOKEN as a Bearer token", async () => {
    await httpSmsTransport(providerFrom({ SMS_URL: provider.url, SMS_TOKEN: "tok-123" })).deliver(MESSAGE);
    expect(provider.requests[0]?.headers.authorization).toBe("Bearer tok-123");
  });

  it.each([400, 401, 429, 500, 503])("treats HTTP %i as a failure, naming the status but no secret, recipient or code", async (status) => {
    provider.mode = { kind: "status", status, body: JSON.stringify({ echo: MESSAGE.body }) };
    const transport = httpSmsTransport(providerFrom({ SMS_URL: provider.url, SMS_TOKEN: "tok-123" }));
    const failure = await transport.deliver(MESSAGE).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(failure).toBe(`SMS provider answered HTTP ${status}`);
  });

  it("gives up on a provider that does not answer within the timeout", async () => {
    provider.mode = { kind: "hang" };
    const transport = httpSmsTransport(providerFrom({ SMS_URL: provider.url }), { timeoutMs: 1000 });
    await expect(transport.deliver(MESSAGE)).rejects.toThrow("SMS provider did not answer within 1000 ms");
    expect(provider.requests).toHaveLength(1);
  }, 30_000);

  it("reports an unreachable provider without its address or credentials", async () => {
    const closed = await startFakeSmsProvider();
    await closed.close();
    const url = closed.url.replace("http://", "http://clinic:s3cret@");
    await expect(httpSmsTransport(providerFrom({ SMS_URL: url })).deliver(MESSAGE)).rejects.toThrow(/^SMS provider unreachable \(ECONNREFUSED\)$/);
  }, 30_000);
});
