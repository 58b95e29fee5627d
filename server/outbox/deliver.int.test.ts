import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../config.ts";
import { outboxMessages } from "../db/schema/outbox.ts";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../test-app.test-helper.ts";
import type { Transport } from "./deliver.ts";
import type { OutgoingMessage } from "./outbox-store.ts";

const recording = (): Transport & { readonly sent: OutgoingMessage[] } => {
  const sent: OutgoingMessage[] = [];
  return { sent, deliver: async (message) => void sent.push(message) };
};
const failing: Transport = {
  deliver: async () => {
    throw new Error("SMTP 421 service not available");
  },
};

const sendEmail = (t: TestApp, to: string) =>
  t.app.inject({ method: "POST", url: "/api/dev/outbox", headers: API_KEY_HEADER, payload: { channel: "email", to, subject: "Code", body: "Your code is 424242" } });

describe.each(TEST_DRIVERS)("delivery through the outbox (%s)", (driver) => {
  const transport = recording();
  let t: TestApp;
  let broken: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { mailTransport: transport });
    broken = await createTestApp(driver, { mailTransport: failing });
  });
  afterAll(async () => {
    await t.close();
    await broken.close();
  });

  it("records the message, hands it to the transport and stamps sent_at", async () => {
    const response = await sendEmail(t, "a@demo.test");
    expect(response.json()).toMatchObject({ sent_at: "2026-03-01T12:00:00.000Z" });
    expect(transport.sent).toEqual([{ channel: "email", recipient: "a@demo.test", subject: "Code", body: "Your code is 424242" }]);
  });

  it("keeps the message with its error when the transport fails, without failing the request", async () => {
    const response = await sendEmail(broken, "b@demo.test");
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ sent_at: null });
    const [row] = await broken.database.db.select().from(outboxMessages);
    expect(row?.lastError).toContain("421");
  });
});

describe("without a transport", () => {
  it("writes the whole message to the log outside production", async () => {
    const t = await createTestApp("pglite");
    await sendEmail(t, "c@demo.test");
    expect(t.logs.some((line) => line.body === "Your code is 424242" && line.to === "c@demo.test")).toBe(true);
    await t.close();
  });

  it("never logs message bodies in production, and reports SMS without a provider as unavailable", async () => {
    const t = await createTestApp("pglite", { config: testConfig({ isProduction: true, nodeEnv: "production" }) });
    const { createSmsPort } = await import("./sms-port.ts");
    const sms = createSmsPort({ db: t.database.db, clock: t.clock, log: t.app.log, transport: undefined, logBodies: false, transportRequired: true });
    expect((await sms.send({ to: "+12025550143", text: "Your code is 515151" })).delivery).toBe("unavailable");
    expect(JSON.stringify(t.logs)).not.toContain("515151");
    expect(t.logs.some((line) => line.outboxId !== undefined)).toBe(true);
    await t.close();
  });
});
