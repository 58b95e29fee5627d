import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_LIMITS } from "../../../domain/chat/chat-limits.ts";
import { preAuthToken, withToken } from "../../auth/auth.test-helper.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type ChatWorld, chatWorld, json, withDevice } from "./chat-world.test-helper.ts";

const TIMEOUT = 180_000;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe.each(TEST_DRIVERS)("chat scope, limits and attachments on %s", (driver) => {
  let w: ChatWorld;
  let foreignThread = 0;
  let otherSlpThread = 0;
  beforeAll(async () => {
    w = await chatWorld(driver, `chatscope-${driver}`);
    const foreignAdmin = await w.t.app.inject({ method: "PUT", url: `/api/slp-chat/patients/${w.otherSlpPatientId}/thread/`, headers: w.headers.staffAdmin });
    otherSlpThread = (foreignAdmin.json() as { id: number }).id;
    // Another institution's thread, made as its own patient's device would.
    const device = await w.t.app.inject({ method: "POST", url: `/api/patients/${w.foreignPatientId}/devices/`, headers: { ...w.headers.otherAdmin, ...json }, payload: { label: "Tablet" } });
    const token = (device.json() as { token: string }).token;
    const page = await w.t.app.inject({ method: "GET", url: "/api/mobile/chat/messages/", headers: withDevice(token) });
    expect(page.statusCode).toBe(200);
    foreignThread = otherSlpThread + 1;
  }, TIMEOUT);
  afterAll(() => w?.t.close());

  const deniedRows = async (requestId: string) => (await w.db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId))).map((row) => `${row.outcome}/${row.reason ?? ""}`);

  it("answers another institution's thread and another SLP's patient thread as unknown (404 ERROR_030), audited as denied", async () => {
    for (const threadId of [foreignThread, otherSlpThread, 999_999]) {
      const response = await w.t.app.inject({ method: "GET", url: `/api/slp-chat/threads/${threadId}/messages/`, headers: w.headers.slp });
      expect(response.statusCode).toBe(404);
      const body = response.json() as { code: string; id: string };
      expect(body.code).toBe("ERROR_030");
      expect(await deniedRows(body.id)).toEqual(["denied/outside_scope"]);
    }
    // The staff administrator covers the whole institution: the other SLP's patient thread opens.
    expect((await w.t.app.inject({ method: "GET", url: `/api/slp-chat/threads/${otherSlpThread}/messages/`, headers: w.headers.staffAdmin })).statusCode).toBe(200);
    // Nobody of another institution sees ours.
    expect((await w.t.app.inject({ method: "GET", url: `/api/slp-chat/threads/${w.threadId}/messages/`, headers: w.headers.otherAdmin })).statusCode).toBe(403);
  });

  it("refuses the super administrator (403) and a pre-authentication token (401) as elsewhere", async () => {
    const superAdmin = await w.t.app.inject({ method: "GET", url: "/api/slp-chat/threads/", headers: w.headers.superAdmin });
    expect(superAdmin.statusCode).toBe(403);
    expect(await deniedRows((superAdmin.json() as { id: string }).id)).toHaveLength(1);
    const preAuth = await w.t.app.inject({ method: "GET", url: "/api/slp-chat/threads/", headers: withToken(await preAuthToken(w.t, w.accounts.slp)) });
    expect(preAuth.statusCode).toBe(401);
    expect((preAuth.json() as { code: string }).code).toBe("ERROR_001");
  });

  it("refuses a revoked device token with 401 on every patient call", async () => {
    const device = await w.pair(w.patientId);
    await w.t.app.inject({ method: "DELETE", url: `/api/patients/${w.patientId}/devices/${device.id}/`, headers: w.headers.slp });
    const response = await w.t.app.inject({ method: "POST", url: "/api/mobile/chat/messages/", headers: { ...withDevice(device.token), ...json }, payload: { client_id: crypto.randomUUID(), body: "hello" } });
    expect(response.statusCode).toBe(401);
    expect((response.json() as { code: string }).code).toBe("ERROR_001");
  });

  it(`limits a sender to ${CHAT_LIMITS.perMinute} messages a minute (429 ERROR_012), then lets them on in the next`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CHAT_LIMITS.perMinute; i += 1) statuses.push((await w.send("staffAdmin", otherSlpThread, `n${i}`)).statusCode);
    expect(statuses.slice(0, CHAT_LIMITS.perMinute).every((status) => status === 201)).toBe(true);
    const limited = await w.send("staffAdmin", otherSlpThread, "one too many");
    expect(limited.statusCode).toBe(429);
    expect((limited.json() as { code: string }).code).toBe("ERROR_012");
    w.t.clock.advance(61_000);
    expect((await w.send("staffAdmin", otherSlpThread, "next minute")).statusCode).toBe(201);
  });

  it("keeps an attachment only when its bytes are a PDF, PNG or JPEG, and serves it as a download to whoever may read the thread", async () => {
    const upload = (bytes: Uint8Array, name: string) =>
      w.t.app.inject({ method: "POST", url: `/api/slp-chat/attachments/?name=${encodeURIComponent(name)}`, headers: { ...w.headers.slp, "content-type": "application/octet-stream" }, payload: Buffer.from(bytes) });
    const renamed = await upload(new TextEncoder().encode("<html>not a picture</html>"), "photo.png");
    expect(renamed.statusCode).toBe(400);
    expect((renamed.json() as { code: string }).code).toBe("ERROR_044");
    const tooBig = await upload(new Uint8Array(CHAT_LIMITS.attachmentBytes + 1), "big.pdf");
    expect(tooBig.statusCode).toBe(413);
    expect((tooBig.json() as { code: string }).code).toBe("ERROR_045");
    // A picture named as a document is kept as what its bytes are, under a name that says so.
    const stored = await upload(PNG, "exercise sheet.pdf");
    expect(stored.statusCode).toBe(201);
    const attachment = stored.json() as { id: number; kind: string; size: number };
    expect(attachment).toMatchObject({ kind: "image/png", size: PNG.length, name: "exercise sheet.png" });
    const url = `/api/slp-chat/attachments/${attachment.id}/`;
    // Before it is sent, only its uploader reaches it.
    expect((await w.t.app.inject({ method: "GET", url, headers: w.headers.staffAdmin })).statusCode).toBe(404);
    const sent = await w.t.app.inject({
      method: "POST",
      url: `/api/slp-chat/threads/${w.threadId}/messages/`,
      headers: { ...w.headers.slp, ...json },
      payload: { client_id: crypto.randomUUID(), body: "", attachment_id: attachment.id },
    });
    expect(sent.statusCode).toBe(201);
    const download = await w.t.app.inject({ method: "GET", url, headers: w.headers.staffAdmin });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toContain(`attachment; filename="exercise sheet.png"`);
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(new Uint8Array(download.rawPayload)).toEqual(PNG);
    expect((await w.t.app.inject({ method: "GET", url, headers: w.headers.otherSlp })).statusCode).toBe(404);
    const rows = await w.db.select().from(auditEvents).where(and(eq(auditEvents.resource, "chat_attachment"), eq(auditEvents.outcome, "success")));
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });
}, TIMEOUT);
